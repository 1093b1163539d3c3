import { TextField } from '@portal/ui';

/** The name a user gives a new second factor, to tell it apart from their others later. */
export function FactorNameField({
  example,
  value,
  onValueChange,
}: {
  /** A typical name for this kind of factor: "Work phone". */
  example: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Name"
      name="displayName"
      help={`How you will recognise this factor, e.g. ${example}.`}
      maxLength={60}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
