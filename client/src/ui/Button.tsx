import type { ComponentPropsWithRef, ReactNode } from "react";
import { Link, type LinkProps } from "react-router-dom";
import "./button.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

/** The class list every button-looking thing shares (a link styled as a button uses it too). */
export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return ["button", variant !== "secondary" && `button--${variant}`, size === "sm" && "button--small", extra].filter(Boolean).join(" ");
}

/** A button: primary (one per view), secondary, danger or ghost; small in lists. Type "button" unless said. */
export function Button({
  variant,
  size,
  className,
  type = "button",
  children,
  ...rest
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
} & ComponentPropsWithRef<"button">) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...rest}>
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation stays a link for screen readers and new tabs). */
export function ButtonLink({ variant, size, className, ...rest }: { variant?: ButtonVariant; size?: ButtonSize } & LinkProps) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
