import { Ctx, Field, ID, Int, ObjectType, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../common/auth/authorized.js";
import { Role } from "../common/auth/roles.js";
import type { Context } from "../common/context.js";
import { jobQueueStats } from "../common/jobs/index.js";

@ObjectType("JobQueue", { description: "One background job queue: jobs now, and over the last 24 hours." })
class JobQueueView {
  @Field(() => String)
  name: string;

  @Field(() => Int, { description: "Waiting and due." })
  queued: number;

  @Field(() => Int, { description: "Waiting for a later time (delayed or recurring)." })
  scheduled: number;

  @Field(() => Int)
  active: number;

  @Field(() => Int, { description: "Failed and waiting for their next try." })
  retrying: number;

  @Field(() => Int, { description: "Failed for good in the last 24 hours." })
  failed: number;

  @Field(() => Int, { description: "Completed in the last 24 hours." })
  completed: number;

  @Field(() => Int, { description: "Of those completed, how many after one or more retries." })
  completedAfterRetry: number;
}

@ObjectType("JobFailure", { description: "A job delivery that failed (retried later, or for good)." })
class JobFailureView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  queue: string;

  @Field(() => String, { nullable: true })
  key: string | null;

  @Field(() => Int)
  attempts: number;

  @Field(() => String, { description: "The error, as the server logged it (not translated)." })
  message: string;

  @Field(() => Date)
  failedAt: Date;

  @Field(() => Boolean)
  willRetry: boolean;
}

@ObjectType("JobsHealth")
class JobsHealthView {
  @Field(() => [JobQueueView])
  queues: JobQueueView[];

  @Field(() => [JobFailureView])
  failures: JobFailureView[];
}

@Resolver()
export class JobsHealthResolver {
  @RequireRoles(Role.ADMIN)
  @Query(() => JobsHealthView, { description: "Background job queues and the latest failures (admins: /admin/health)." })
  async jobsHealth(@Ctx() ctx: Context): Promise<JobsHealthView> {
    return jobQueueStats(ctx.ds);
  }
}
