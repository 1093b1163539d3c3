import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PhishingCsvPreview, PhishingGroup } from '@portal/api/contract';
import { RECIPIENT_CSV_COLUMNS } from '@portal/api/contract';
import { errorText } from '@portal/api/client';
import { Alert, Button, DataTable, Dialog, TextField, type DataTableColumn } from '@portal/ui';
import { notify } from '../../services.ts';
import { phishingApiOf, phishingKeys } from './queries.ts';

type Row = PhishingCsvPreview['rows'][number];

const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'line', header: 'Line', accessor: 'line', width: 64 },
  { id: 'email', header: 'E-mail', accessor: 'email' },
  { id: 'name', header: 'Name', accessor: (row) => `${row.first_name} ${row.last_name}`.trim() },
  { id: 'department', header: 'Department', accessor: 'department' },
  {
    id: 'error',
    priority: 1,
    header: 'Problem',
    accessor: (row) => row.error ?? '',
    cell: (row) => (row.error ? <Problem>{row.error}</Problem> : 'OK'),
  },
];

const Problem = styled.strong`
  color: var(--ui-color-error-text);
`;

const Fields = styled.div`
  display: grid;
  gap: 16px;
`;

const FileField = styled.div`
  display: grid;
  gap: 4px;
  & input {
    font: inherit;
  }
  & p {
    margin: 0;
    color: var(--ui-color-text-secondary);
  }
`;

/**
 * A recipient group from a CSV file: the server reads the file and answers every row, the bad
 * ones with the reason; the preview shows them before anything is saved, and saving imports the
 * good rows only. With `group` it edits one: a new name, and a file only to replace who is in it.
 */
export function ImportGroupDialog({
  open,
  onOpenChange,
  group,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to edit; absent: a new one. */
  group?: Pick<PhishingGroup, 'id' | 'name' | 'recipient_count'>;
}) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const helpId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<PhishingCsvPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setName(group?.name ?? '');
    setCsv(null);
    setPreview(null);
    setProblem(null);
    setNameError(undefined);
  };

  const read = async (file: File | undefined) => {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    if (!name.trim()) setName(file.name.replace(/\.csv$/i, ''));
    setBusy(true);
    try {
      setPreview(await phishingApiOf().previewGroup(text));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!name.trim()) {
      setNameError('Enter a name for the group.');
      return;
    }
    if (!csv && !group) return;
    setBusy(true);
    try {
      if (group) {
        const edited = await phishingApiOf().updateGroup(group.id, {
          name: name.trim(),
          ...(csv ? { csv } : {}),
        });
        await queryClient.invalidateQueries({ queryKey: phishingKeys.all });
        const n = edited.group.recipient_count;
        notify(
          `Group ${edited.group.name} was saved with ${n} recipient${n === 1 ? '' : 's'}.`,
          'success',
        );
        reset();
        onOpenChange(false);
        return;
      }
      if (!csv) return;
      const created = await phishingApiOf().createGroup({ name: name.trim(), csv });
      await queryClient.invalidateQueries({ queryKey: phishingKeys.groups() });
      const n = created.group.recipient_count;
      notify(
        `Group ${created.group.name} was created with ${n} recipient${n === 1 ? '' : 's'}` +
          (created.skipped > 0
            ? `; ${created.skipped} row${created.skipped === 1 ? ' was' : 's were'} skipped.`
            : '.'),
        'success',
      );
      reset();
      onOpenChange(false);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const valid = preview?.valid ?? 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Content size="large">
        <Dialog.Title>{group ? `Edit ${group.name}` : 'Import recipients'}</Dialog.Title>
        <Dialog.Description>
          {group
            ? `Rename the group, or choose a CSV file to replace its ${group.recipient_count} recipients. Launched campaigns keep the recipients they were sent to.`
            : 'Choose a CSV file; you see what will be imported before anything is saved.'}
        </Dialog.Description>
        <Dialog.Body>
          <Fields>
            <TextField
              label="Group name"
              value={name}
              required
              error={nameError}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
            <FileField>
              <label htmlFor={fileId}>CSV file</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={helpId}
                onChange={(event) => void read(event.target.files?.[0])}
              />
              <p id={helpId}>
                First line: <code>{RECIPIENT_CSV_COLUMNS.join(',')}</code>, then one recipient per
                line.
              </p>
            </FileField>
            {problem && <Alert kind="error">{problem}</Alert>}
            {preview && (
              <>
                <Alert kind={preview.invalid > 0 ? 'warning' : 'success'}>
                  {`${valid} row${valid === 1 ? '' : 's'} can be imported`}
                  {preview.invalid > 0
                    ? `; ${preview.invalid} row${preview.invalid === 1 ? ' has a problem and is' : 's have problems and are'} skipped.`
                    : '.'}
                </Alert>
                <DataTable
                  aria-label="Rows of the file"
                  data={preview.rows}
                  columns={COLUMNS}
                  getRowId={(row) => String(row.line)}
                  getRowLabel={(row) => `line ${row.line}`}
                  density="compact"
                  searchable={false}
                />
              </>
            )}
          </Fields>
        </Dialog.Body>
        <Dialog.Actions>
          <Dialog.Close>
            <Button variant="text" disabled={busy}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button
            variant="primary"
            loading={busy}
            disabled={group ? preview !== null && valid === 0 : !preview || valid === 0}
            onClick={() => void save()}
          >
            {preview
              ? `${group ? 'Save with' : 'Import'} ${valid} recipient${valid === 1 ? '' : 's'}`
              : group
                ? 'Save'
                : 'Import'}
          </Button>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  );
}
