import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { toGlobalId } from "../../common/global-id.js";
import { Node } from "../../common/node.js";

export enum MediaKindEnum {
  PORTRAIT = "portrait",
  PHOTO = "photo",
  DOCUMENT = "document",
}
registerEnumType(MediaKindEnum, {
  name: "MediaKind",
  description: "What a picture is to its record.",
  valuesConfig: {
    PORTRAIT: { description: "A person's portrait (one per person), shown on cards, charts and the person page." },
    PHOTO: { description: "A photo in a village's gallery or of a person." },
    DOCUMENT: { description: "A scan of a document, a source for the person." },
  },
});

export enum MediaStatusEnum {
  PROCESSING = "processing",
  READY = "ready",
  FAILED = "failed",
}
registerEnumType(MediaStatusEnum, {
  name: "MediaStatus",
  description: "Whether the picture's sizes are made yet (processing runs in the background).",
});

export enum MediaReviewEnum {
  PENDING = "pending",
  APPROVED = "approved",
  REJECTED = "rejected",
}
registerEnumType(MediaReviewEnum, {
  name: "MediaReview",
  description: "A member's village photo waits for a curator before it shows; other pictures are approved.",
});

@ObjectType("MediaImage", {
  simpleResolvers: true,
  description:
    "Signed, expiring links to the picture's sizes (WebP, with JPEG for browsers without WebP). Metadata (EXIF, GPS) is removed.",
})
export class MediaImageView {
  @Field(() => Int)
  width: number;

  @Field(() => Int)
  height: number;

  @Field(() => String, { description: "A small square-ish thumbnail (160 px wide, WebP)." })
  thumb: string;

  @Field(() => String, { description: "JPEG, 480 px wide: the fallback `src`." })
  src: string;

  @Field(() => String, { description: "`srcset` of the WebP sizes." })
  srcSet: string;

  @Field(() => String, { description: "`srcset` of the JPEG sizes." })
  jpegSrcSet: string;

  @Field(() => String, { description: "The largest size (WebP), for a full view." })
  large: string;
}

@ObjectType("MediaViewerCan", { simpleResolvers: true })
export class MediaViewerCan {
  @Field(() => Boolean)
  edit: boolean;

  @Field(() => Boolean)
  delete: boolean;

  @Field(() => Boolean, { description: "Approve or reject (a village photo's reviewers)." })
  review: boolean;
}

@ObjectType("Media", { implements: Node, simpleResolvers: true, description: "A photo, portrait or document scan." })
export class MediaView implements Node {
  rawId: string;

  get globalId(): string {
    return toGlobalId("Media", this.rawId);
  }

  @Field(() => MediaKindEnum)
  kind: MediaKindEnum;

  @Field(() => MediaStatusEnum)
  status: MediaStatusEnum;

  @Field(() => MediaReviewEnum)
  review: MediaReviewEnum;

  @Field(() => String, { nullable: true, description: "The caption in the reader's language, else in another one." })
  caption: string | null;

  @Field(() => String, { nullable: true })
  captionAr: string | null;

  @Field(() => String, { nullable: true })
  captionEn: string | null;

  @Field(() => String, { nullable: true })
  captionFr: string | null;

  @Field(() => String, { nullable: true, description: "When it was taken or written, as given (`1923`, `ABT 1950`)." })
  date: string | null;

  @Field(() => String, { nullable: true, description: "Who made it or lent it." })
  credit: string | null;

  @Field(() => String, { nullable: true, description: "Its licence (e.g. CC BY 4.0), if any." })
  licence: string | null;

  @Field(() => MediaImageView, { nullable: true, description: "Null until its sizes are made (status READY)." })
  image: MediaImageView | null;

  @Field(() => ID, { nullable: true, description: "The person it belongs to." })
  personId: string | null;

  @Field(() => ID, { nullable: true, description: "The village it belongs to." })
  villageId: string | null;

  @Field(() => Boolean, { description: "The viewer uploaded it." })
  mine: boolean;

  @Field(() => MediaViewerCan)
  viewerCan: MediaViewerCan;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType("MediaAllowance", { simpleResolvers: true, description: "What the member may still upload (photos and scans)." })
export class MediaAllowanceView {
  @Field(() => Int)
  uploadsPerHour: number;

  @Field(() => Int)
  uploadsLeft: number;

  @Field(() => Float, { description: "Bytes." })
  quotaBytes: number;

  @Field(() => Float, { description: "Bytes of the member's stored pictures." })
  usedBytes: number;

  @Field(() => Float, { description: "Largest file, in bytes." })
  maxFileBytes: number;
}

@InputType("MediaDetailsInput")
export class MediaDetailsInput {
  @Field(() => String, { nullable: true })
  captionAr?: string | null;

  @Field(() => String, { nullable: true })
  captionEn?: string | null;

  @Field(() => String, { nullable: true })
  captionFr?: string | null;

  @Field(() => String, { nullable: true })
  date?: string | null;

  @Field(() => String, { nullable: true })
  credit?: string | null;

  @Field(() => String, { nullable: true })
  licence?: string | null;
}
