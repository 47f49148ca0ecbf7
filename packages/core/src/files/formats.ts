export const FORMATS = ['jsonl', 'json', 'csv', 'ids'] as const;
export type Format = (typeof FORMATS)[number];

/** What a formatter must remember across a resume, stored in the checkpoint. */
export interface FormatState {
  /** Something was written already: the CSV header, or JSON's opening bracket. */
  started: boolean;
  columns?: string[] | undefined;
  /** JSON: no record written yet, so the next one needs no comma. */
  empty?: boolean | undefined;
}

/** Turns records into the text of one format, a batch at a time, so output streams. */
export interface Formatter {
  write(records: readonly unknown[]): string;
  /** What closes the output (JSON's bracket); '' for the line formats. */
  end(): string;
  state(): FormatState;
}

function idOf(record: unknown): string {
  const value = record as { id?: unknown; list_id?: unknown } | null;
  const id = value?.id ?? value?.list_id;
  return typeof id === 'string' ? id : '';
}

/**
 * One CSV cell, RFC 4180: text as is, quoted (quotes doubled) when it holds a comma, a quote or a
 * line break; booleans as true/false, nested values as JSON, null as an empty cell. Written here
 * rather than with a CSV library because the n8n package may have no dependency at all (n8n's
 * verified community nodes): the tests read every file back with csv-parse.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly unknown[]) => `${cells.map(cell).join(',')}\n`;

/**
 * The columns are the first record's keys, kept for the whole run (and across a resume), since a
 * header cannot grow once written; the first record with a field beyond them is reported once
 * (`onExtraField`), for the host to say in its own words.
 */
class CsvFormatter implements Formatter {
  private columns: string[] | undefined;
  private started: boolean;
  private readonly onExtraField: (field: string) => void;
  private warned = false;

  constructor(resumed: FormatState | undefined, onExtraField: (field: string) => void) {
    this.columns = resumed?.columns;
    this.started = resumed?.started ?? false;
    this.onExtraField = onExtraField;
  }

  write(records: readonly unknown[]): string {
    if (records.length === 0) return '';
    const rows = records as Array<Record<string, unknown>>;
    this.columns ??= Object.keys(rows[0] ?? {});
    this.noteExtraColumns(rows);
    let text = this.started ? '' : csvLine(this.columns);
    this.started = true;
    const columns = this.columns;
    for (const row of rows) text += csvLine(columns.map((column) => row[column]));
    return text;
  }

  end(): string {
    return '';
  }

  state(): FormatState {
    return { started: this.started, columns: this.columns };
  }

  private noteExtraColumns(rows: Array<Record<string, unknown>>): void {
    if (this.warned) return;
    const known = new Set(this.columns);
    for (const row of rows) {
      const extra = Object.keys(row).find((key) => !known.has(key));
      if (extra === undefined) continue;
      this.warned = true;
      this.onExtraField(extra);
      return;
    }
  }
}

class LineFormatter implements Formatter {
  constructor(private readonly line: (record: unknown) => string) {}

  write(records: readonly unknown[]): string {
    let text = '';
    for (const record of records) text += `${this.line(record)}\n`;
    return text;
  }

  end(): string {
    return '';
  }

  state(): FormatState {
    return { started: true };
  }
}

/** One JSON array for the whole run, written as it goes so a million records are never held. */
class JsonFormatter implements Formatter {
  private started: boolean;
  private empty: boolean;

  constructor(resumed: FormatState | undefined) {
    this.started = resumed?.started ?? false;
    this.empty = resumed?.empty ?? true;
  }

  write(records: readonly unknown[]): string {
    let text = this.started ? '' : '[';
    this.started = true;
    for (const record of records) {
      text += `${this.empty ? '\n' : ',\n'}${JSON.stringify(record)}`;
      this.empty = false;
    }
    return text;
  }

  end(): string {
    return `${this.started ? '' : '['}${this.empty ? '' : '\n'}]\n`;
  }

  state(): FormatState {
    return { started: this.started, empty: this.empty };
  }
}

/**
 * What the user is told of `field`, which a CSV record has and the header, made from the first
 * record, lacks; `keepEveryField` is the host's way to another format ("Use --format jsonl…").
 */
export function extraFieldNotice(field: string, keepEveryField: string): string {
  return `CSV: a record has the field "${field}", which the first record did not have; the columns stay those of the first record. ${keepEveryField}`;
}

/**
 * A formatter of `format`, going on from `resumed` (a checkpoint's `state()`) when given.
 * `onExtraField` hears of the first CSV record with a field the header lacks.
 */
export function createFormatter(
  format: Format,
  resumed: FormatState | undefined,
  onExtraField: (field: string) => void,
): Formatter {
  switch (format) {
    case 'jsonl':
      return new LineFormatter((record) => JSON.stringify(record));
    case 'ids':
      return new LineFormatter(idOf);
    case 'csv':
      return new CsvFormatter(resumed, onExtraField);
    case 'json':
      return new JsonFormatter(resumed);
  }
}
