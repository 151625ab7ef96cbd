import { ArgsType, Field } from "type-graphql";
import { IsOptional, MaxLength } from "class-validator";
import { ConnectionArgs } from "../../../common/pagination.js";

@ArgsType()
export class VillagesArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: "A name in any script or spelling (Zahlé, Zahleh, زحلة)." })
  @IsOptional()
  @MaxLength(100)
  search?: string;

  @Field(() => String, { nullable: true, description: "Only villages of this district (caza), by its Latin name." })
  @IsOptional()
  @MaxLength(100)
  district?: string;

  @Field(() => String, {
    nullable: true,
    description: "Rootspace slug; default: the request's rootspace (X-Rootspace header, else lebanon).",
    deprecationReason: "Send the X-Rootspace header (WebSocket: the rootspace connection parameter) instead.",
  })
  @IsOptional()
  @MaxLength(60)
  rootspace?: string;
}
