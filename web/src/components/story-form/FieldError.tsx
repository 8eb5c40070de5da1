import { CircleAlert } from 'lucide-react';

/** The prompt under an invalid field; the input points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <CircleAlert aria-hidden="true" size={16} />
      <span>{message}</span>
    </p>
  );
}
