import { Select } from '@portal/ui';

/** The "All" option's value: no filter. */
const ALL = '__all__';

/** A list filter's select: "All" first (no filter, `undefined`), then the options. */
export function FilterSelect({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string;
  /** The chosen option; `undefined` while the list is not filtered by it. */
  value: string | undefined;
  options: { value: string; label: string }[];
  onValueChange: (value: string | undefined) => void;
}) {
  return (
    <Select
      label={label}
      value={value ?? ALL}
      onValueChange={(v) => onValueChange(v === ALL ? undefined : v)}
      options={[{ value: ALL, label: 'All' }, ...options]}
    />
  );
}
