import { Arg, Ctx, Extensions, Int, Query, Resolver } from "type-graphql";
import type { Context } from "../../../common/context.js";
import { AppError, ErrorCode } from "../../../common/errors.js";
import { Village } from "../villages/village.entity.js";
import { featuredVillages, rootspaceCounts } from "./overview.service.js";
import { RootspaceCounts } from "./overview.types.js";

const MAX_FEATURED = 6;

/** What the home page shows about the request's rootspace: its counts and a few villages. */
@Resolver()
export class OverviewResolver {
  @Query(() => RootspaceCounts, { description: "Villages, families and people in the request's rootspace (numbers only)." })
  rootspaceCounts(@Ctx() ctx: Context): Promise<RootspaceCounts> {
    return rootspaceCounts(ctx);
  }

  @Extensions({ listSize: MAX_FEATURED })
  @Query(() => [Village], { description: "A few public villages whose history is written, those with the most people recorded first." })
  featuredVillages(
    @Arg("first", () => Int, { defaultValue: 3, description: "1 to 6." }) first: number,
    @Ctx() ctx: Context,
  ): Promise<Village[]> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_FEATURED)
      throw new AppError(ErrorCode.BAD_USER_INPUT, "errors.bad_input", {}, [
        { field: "first", key: first < 1 ? "errors.validation.min" : "errors.validation.max" },
      ]);
    return featuredVillages(ctx, first);
  }
}
