import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataTableColumn } from './DataTable.types.ts';
import { downloadCsv, toCsv } from './csv.ts';

interface Vm {
  name: string;
  ip: string | null;
  cpus: number;
  on: boolean;
  created: Date;
}

const columns: DataTableColumn<Vm>[] = [
  { id: 'name', header: 'Name', accessor: 'name' },
  { id: 'ip', header: 'IP address', accessor: (vm) => vm.ip },
  { id: 'cpus', header: 'vCPUs, count', accessor: 'cpus' },
  { id: 'on', header: 'On', accessor: 'on' },
  { id: 'created', header: 'Created', accessor: 'created' },
  { id: 'actions', header: 'Actions' },
];

const vm = (name: string, extra: Partial<Vm> = {}): Vm => ({
  name,
  ip: '10.0.0.1',
  cpus: 1200,
  on: true,
  created: new Date('2026-01-15T09:30:00Z'),
  ...extra,
});

describe('toCsv', () => {
  it('writes a header line and one CRLF line per row, leaving out columns without accessor', () => {
    expect(toCsv([vm('web-01'), vm('db', { ip: null, on: false })], columns)).toBe(
      'Name,IP address,"vCPUs, count",On,Created\r\n' +
        'web-01,10.0.0.1,1200,Yes,2026-01-15T09:30:00.000Z\r\n' +
        'db,,1200,No,2026-01-15T09:30:00.000Z\r\n',
    );
  });

  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    const csv = toCsv([vm('a, "b"\nc')], columns.slice(0, 1));
    expect(csv).toBe('Name\r\n"a, ""b""\nc"\r\n');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    const names = ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', 'safe=1'];
    const csv = toCsv(
      names.map((name) => vm(name)),
      columns.slice(0, 1),
    );
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      'safe=1',
    ]);
  });

  it('keeps negative numbers as numbers and quotes a guarded value that needs it', () => {
    const csv = toCsv([vm('=HYPERLINK("x")', { cpus: -3 })], [columns[0]!, columns[2]!]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-3`);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([], columns.slice(0, 2))).toBe('Name,IP address\r\n');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a UTF-8 CSV file with a byte-order mark', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    downloadCsv('vms', 'a,b\r\n');
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('vms.csv');
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
