/**
 * A form's problems at its top: each invalid field by its label, linked to the field (without JavaScript too; the
 * messages repeat next to the fields), then the messages that belong to no field.
 */
export function ErrorSummary<Name extends string>({
  invalid,
  errors,
  fieldId,
  messages = [],
  testId,
}: {
  /** The invalid fields, in the form's order, with their labels. */
  invalid: ReadonlyArray<readonly [Name, string]>;
  errors: Partial<Record<Name, string>>;
  fieldId: (name: Name) => string;
  messages?: string[];
  /** data-testid of the summary; the messages' list is `${testId}-mensajes`. */
  testId: string;
}) {
  return (
    <>
      {invalid.length > 0 ? (
        <div className="notice notice--error error-summary" data-testid={testId}>
          <p>Revisa estos datos:</p>
          <ul>
            {invalid.map(([name, label]) => (
              <li key={name}>
                <a href={`#${fieldId(name)}`}>
                  {label}: {errors[name]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {messages.length > 0 ? (
        <ul className="notice notice--error" role="alert" data-testid={`${testId}-mensajes`}>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
