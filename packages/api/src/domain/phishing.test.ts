import { describe, expect, it } from 'vitest';
import {
  addRecipientsRefusal,
  campaignDeleteRefusal,
  campaignEditRefusal,
  endRefusal,
  launchRefusal,
  parseRecipientCsv,
  percentText,
  splitCsv,
  usedByCampaignsRefusal,
} from './phishing.ts';

describe('splitCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF', () => {
    expect(splitCsv('a,"b, c","say ""hi"""\r\n"two\nlines",x\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('keeps a last line without a line break', () => {
    expect(splitCsv('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('parseRecipientCsv', () => {
  const header = 'email,first_name,last_name,department';

  it('answers every row, the bad ones with the reason and their line', () => {
    const csv = [
      header,
      'Ada@Acme.example,Ada,Lovelace,IT',
      'not-an-address,Bo,B,IT',
      '',
      'ada@acme.example,Ada,Again,IT',
      'cy@acme.example,Cy,C,IT,extra',
      ',No,Address,IT',
    ].join('\n');
    const { rows, error } = parseRecipientCsv(csv);
    expect(error).toBeNull();
    expect(rows.map((row) => [row.line, row.error])).toEqual([
      [2, null],
      [3, 'not-an-address is not an e-mail address.'],
      [5, 'ada@acme.example is already listed above.'],
      [6, 'The row has 5 fields; the header has 4.'],
      [7, 'The e-mail address is missing.'],
    ]);
    expect(rows[0]).toMatchObject({ email: 'ada@acme.example', last_name: 'Lovelace' });
  });

  it('accepts a header with only the e-mail column and a byte-order mark', () => {
    const { rows, error } = parseRecipientCsv('\uFEFFemail\nx@y.example\n');
    expect(error).toBeNull();
    expect(rows).toEqual([
      { line: 2, email: 'x@y.example', first_name: '', last_name: '', department: '', error: null },
    ]);
  });

  it('refuses a file without the header', () => {
    expect(parseRecipientCsv('name,email\nx,y@z.example').error).toBe(
      `The first line must be the header ${header}.`,
    );
    expect(parseRecipientCsv('').error).toBe(`The first line must be the header ${header}.`);
  });
});

describe('campaign rules', () => {
  it('launches drafts only and ends scheduled or running campaigns only', () => {
    expect(launchRefusal('draft')).toBeNull();
    expect(launchRefusal('running')).toBe('Only a draft campaign can be launched.');
    expect(endRefusal('running')).toBeNull();
    expect(endRefusal('scheduled')).toBeNull();
    expect(endRefusal('finished')).toBe('Only a scheduled or running campaign can be ended.');
    expect(addRecipientsRefusal('running')).toBeNull();
    expect(addRecipientsRefusal('draft')).toBe(
      'Recipients can be added to a running campaign only.',
    );
  });

  it('writes shares as whole percentages', () => {
    expect(percentText(1, 3)).toBe('33 %');
    expect(percentText(0, 0)).toBe('–');
  });
});

describe('what may be deleted', () => {
  it('edits drafts, deletes drafts and scheduled campaigns, and keeps results', () => {
    expect(campaignEditRefusal('draft')).toBeNull();
    expect(campaignEditRefusal('scheduled')).toBe('Only a draft campaign can be edited.');
    expect(campaignDeleteRefusal('draft')).toBeNull();
    expect(campaignDeleteRefusal('scheduled')).toBeNull();
    expect(campaignDeleteRefusal('running')).toMatch(/keeps its results\.$/);
    expect(campaignDeleteRefusal('finished')).toMatch(/keeps its results\.$/);
  });

  it('names the campaigns that hold a template or group', () => {
    const what = 'The recipient group Sales';
    expect(usedByCampaignsRefusal(what, [])).toBeNull();
    expect(usedByCampaignsRefusal(what, ['Q1'])).toBe(
      'The recipient group Sales is used by the campaign Q1; delete that campaign first.',
    );
    expect(usedByCampaignsRefusal(what, ['Q1', 'Q2'])).toBe(
      'The recipient group Sales is used by 2 campaigns: Q1 and Q2; delete those campaigns first.',
    );
    expect(usedByCampaignsRefusal(what, ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'])).toBe(
      'The recipient group Sales is used by 5 campaigns: Q1, Q2 and 3 more; delete those campaigns first.',
    );
  });
});
