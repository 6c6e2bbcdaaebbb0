import './form-alert.css';

/** A form-level error (e.g. the server's answer), announced when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <p className="form-alert" role="alert" hidden={!message}>
      {message}
    </p>
  );
}
