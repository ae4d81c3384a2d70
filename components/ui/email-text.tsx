import { Fragment } from "react";

/**
 * An e-mail address that wraps, when its column is narrow, only before an "@" or a dot ("finance" / "@acme" /
 * ".example"), never inside a word as a cell's `break-words` does to a run too long for its line ("finance@acme.exampl" / "e").
 */
export function EmailText({ value }: { value: string }) {
  const parts = value.split(/(?=[.@])/);
  return (
    <span data-email>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
