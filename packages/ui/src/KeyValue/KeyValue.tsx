import { useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { mdiCheck, mdiContentCopy } from '@mdi/js';
import { IconButton } from '../IconButton/IconButton.tsx';
import { LiveRegion, List, Pair, Root, Term, Value, ValueText } from './KeyValue.styles.ts';

export interface KeyValueItem {
  /** The term ("IP address"). */
  label: ReactNode;
  /** The value; `—` is shown for `null`, `undefined` and empty strings. */
  value: ReactNode;
  /** Adds a copy button. It copies `copyText`, or the value when that is a string or number. */
  copyable?: boolean;
  /** The text to copy when the value is not plain text. */
  copyText?: string;
  /** Accessible name of the copy button; defaults to "Copy {label}" (or "Copy value"). */
  copyLabel?: string;
  /** Monospaced value, for identifiers and addresses. */
  mono?: boolean;
  /** A stable React key; defaults to the label when it is a string. */
  id?: string;
}

export interface KeyValueProps extends HTMLAttributes<HTMLDivElement> {
  /** The pairs, in reading order. */
  items: KeyValueItem[];
  /** Columns on screens 600 px and wider (one on phones). With 1, labels sit beside values. */
  columns?: 1 | 2 | 3;
  /** Called after a value was copied. */
  onCopied?: (text: string) => void;
  /** Announced after copying; defaults to "Copied". */
  copiedMessage?: string;
}

const empty = (value: ReactNode) => value === null || value === undefined || value === '';

function textOf(item: KeyValueItem): string | undefined {
  if (item.copyText !== undefined) return item.copyText;
  if (typeof item.value === 'string' || typeof item.value === 'number') return String(item.value);
  return undefined;
}

/**
 * A description list (`dl`/`dt`/`dd`) of labels and values, in 1 to 3 columns. Copyable values
 * get a copy button; a polite live region says "Copied" (or "Copy failed").
 */
export function KeyValue({
  items,
  columns = 1,
  onCopied,
  copiedMessage = 'Copied',
  ...rest
}: KeyValueProps) {
  const [copied, setCopied] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (index: number, text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(index);
      setAnnouncement(copiedMessage);
      onCopied?.(text);
    } catch {
      setCopied(null);
      setAnnouncement('Copy failed');
    }
    timer.current = setTimeout(() => {
      setCopied(null);
      setAnnouncement('');
    }, 2000);
  };

  return (
    <Root {...rest}>
      <List data-columns={columns}>
        {items.map((item, index) => {
          const text = item.copyable ? textOf(item) : undefined;
          const name =
            item.copyLabel ??
            (typeof item.label === 'string' ? `Copy ${item.label}` : 'Copy value');
          return (
            <Pair key={item.id ?? (typeof item.label === 'string' ? item.label : index)}>
              <Term>{item.label}</Term>
              <Value>
                <ValueText data-mono={item.mono ?? false}>
                  {empty(item.value) ? '—' : item.value}
                </ValueText>
                {text !== undefined && (
                  <IconButton
                    size="small"
                    icon={copied === index ? mdiCheck : mdiContentCopy}
                    aria-label={name}
                    title={name}
                    onClick={() => void copy(index, text)}
                  />
                )}
              </Value>
            </Pair>
          );
        })}
      </List>
      <LiveRegion role="status">{announcement}</LiveRegion>
    </Root>
  );
}
