import { Field, InputType, Int, ObjectType } from "type-graphql";
import type { BallotRules } from "./settings.service.js";

@ObjectType("BallotSettings", {
  description: "A rootspace's ballot rules. A ballot keeps those in force when it starts: a change reaches new ballots only.",
})
export class BallotSettingsView implements BallotRules {
  @Field(() => Int, { description: "Hours of cooling-off before a ballot opens; also the account age a voter needs." })
  coolingHours: number;

  @Field(() => Int, { description: "The shortest time a ballot stays open, in days." })
  minOpenDays: number;

  @Field(() => Int, { description: "Quorum: this percentage of the voter roll must vote (yes, no or abstain)…" })
  quorumPercent: number;

  @Field(() => Int, { description: "…and at least this many voters." })
  quorumMin: number;

  @Field(() => Boolean, {
    description: "No yes/no/abstain breakdown while a ballot is open, only the turnout; the full count shows at the close.",
  })
  hideBreakdown: boolean;

  @Field(() => Boolean, { description: "False while the rootspace uses the defaults." })
  changed: boolean;

  @Field(() => Boolean, { description: "The viewer administers the rootspace and may change these." })
  editable: boolean;

  static of(rules: BallotRules & { changed: boolean }, editable: boolean): BallotSettingsView {
    return Object.assign(new BallotSettingsView(), rules, { editable });
  }
}

@InputType("BallotSettingsInput", { description: "Changes to a rootspace's ballot rules; omitted fields stay as they are." })
export class BallotSettingsInputView implements Partial<BallotRules> {
  @Field(() => Int, { nullable: true })
  coolingHours?: number;

  @Field(() => Int, { nullable: true })
  minOpenDays?: number;

  @Field(() => Int, { nullable: true })
  quorumPercent?: number;

  @Field(() => Int, { nullable: true })
  quorumMin?: number;

  @Field(() => Boolean, { nullable: true })
  hideBreakdown?: boolean;
}
