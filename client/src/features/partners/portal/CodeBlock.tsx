/** A code example, left to right in every language, scrolling sideways inside its own frame. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre className="partner-code" dir="ltr" aria-label={label} tabIndex={0}>
      <code>{code}</code>
    </pre>
  );
}
