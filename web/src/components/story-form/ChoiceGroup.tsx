import { useId, type ReactNode } from 'react';

export type Choice<T extends string> = { value: T; label: string; hint?: string; lang?: string };

/**
 * A labelled group of radio buttons drawn as a segmented control: native
 * inputs (arrow keys move the choice, the group is one tab stop), a visible
 * legend, and an optional note under it.
 */
export function ChoiceGroup<T extends string>({
  legend,
  value,
  choices,
  onChange,
  note,
  wrap = false,
}: {
  legend: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  note?: ReactNode;
  /** Many short choices (languages): pills that wrap instead of equal segments. */
  wrap?: boolean;
}) {
  const name = useId();
  const noteId = useId();
  return (
    <fieldset className="choice-group" aria-describedby={note ? noteId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className={`segmented${wrap ? ' segmented--wrap' : ''}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="segment">
            <input
              type="radio"
              className="segment-input"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span className="segment-text" lang={choice.lang}>
              <span className="segment-label">{choice.label}</span>
              {choice.hint ? <span className="segment-hint">{choice.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {note ? (
        <p id={noteId} className="choice-note">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
