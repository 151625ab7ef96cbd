import type { HTMLAttributes, ReactNode } from "react";
import "./card.css";

/**
 * A card: a warm surface for one topic. `as` picks the element (a section with a heading, a
 * list item, an article); `tone` colours its inline-start edge (a notice, a warning).
 */
export function Card({
  as: Tag = "section",
  title,
  titleId,
  tone,
  className,
  children,
  ...rest
}: {
  as?: "section" | "article" | "li" | "div" | "details";
  title?: ReactNode;
  titleId?: string;
  tone?: "primary" | "green" | "gold" | "red";
  children: ReactNode;
} & HTMLAttributes<HTMLElement>) {
  const classes = ["card", tone && `card--${tone}`, className].filter(Boolean).join(" ");
  return (
    <Tag className={classes} aria-labelledby={title && titleId ? titleId : undefined} {...rest}>
      {title && (
        <h2 id={titleId} className="card__title">
          {title}
        </h2>
      )}
      {children}
    </Tag>
  );
}
