// Whole sentences for contract (JSON Schema) violations. TypeBox says "must match pattern …";
// a person needs "Enter a name of 1 to 64 characters." The sentence is derived from the failing
// keyword and the field's own schema (its limits), so it stays true when the contract changes.

/** The parts of a JSON Schema the sentences read. TypeBox schemas are plain JSON Schema. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: readonly unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
}

/** One failed check of one field, as the message builders see it. */
export interface ContractIssue {
  /** The JSON Schema keyword that failed: `minLength`, `pattern`, `required`, `type`, … */
  keyword: string;
  /** The field, dot-separated (`vm_params.disk_size_gb`). */
  path: string;
  /** The field's schema (a nullable field's non-null branch), when the path leads to one. */
  schema: SchemaNode | undefined;
  /** The field's name as the form shows it, lower case inside a sentence ("name"). */
  label: string;
}

/** A message override: a sentence, a sentence per keyword, or a function of the issue. */
export type MessageOverride =
  string | Partial<Record<string, string>> | ((issue: ContractIssue) => string | undefined);

const isNull = (node: SchemaNode) => node.type === 'null';

/** A nullable field (`anyOf [X, null]`) is described by X. */
export function unwrapNullable(node: SchemaNode | undefined): SchemaNode | undefined {
  if (!node?.anyOf) return node;
  const rest = node.anyOf.filter((branch) => !isNull(branch));
  return rest.length === 1 ? rest[0] : node;
}

/** The schema of a field, following `properties` and array `items` along a dot path. */
export function schemaAt(root: SchemaNode, path: string): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const part of path.split('.').filter(Boolean)) {
    node = unwrapNullable(node);
    if (!node) return undefined;
    node = /^\d+$/.test(part) && node.items ? node.items : node.properties?.[part];
  }
  return unwrapNullable(node);
}

/** `display_name` → "display name"; the last part of a path. */
export const labelOfPath = (path: string): string =>
  (
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path
  )
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Makes sure a sentence starts with a capital and ends with a full stop. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  return endSentence(trimmed.charAt(0).toUpperCase() + trimmed.slice(1));
}

const isNumeric = (node: SchemaNode | undefined) =>
  node?.type === 'integer' || node?.type === 'number';
const isChoice = (node: SchemaNode | undefined) =>
  node !== undefined && (node.enum !== undefined || node.const !== undefined);

function lengthSentence(node: SchemaNode, label: string): string {
  const { minLength: min, maxLength: max } = node;
  if (min !== undefined && max !== undefined && min > 0)
    return `Enter ${article(label)} of ${min} to ${max} characters.`;
  if (max !== undefined) return `Enter ${article(label)} of at most ${max} characters.`;
  if (min !== undefined && min > 0) return `Enter ${article(label)} of at least ${min} characters.`;
  return `Enter ${article(label)}.`;
}

function rangeSentence(node: SchemaNode, label: string): string {
  const min = node.minimum ?? node.exclusiveMinimum;
  const max = node.maximum ?? node.exclusiveMaximum;
  const whole = node.type === 'integer' ? 'a whole number' : 'a number';
  if (min !== undefined && max !== undefined)
    return `Enter ${article(label)} from ${min} to ${max}.`;
  if (min !== undefined) return `Enter ${article(label)} of at least ${min}.`;
  if (max !== undefined) return `Enter ${article(label)} of at most ${max}.`;
  return `Enter ${whole} for the ${label}.`;
}

/** The default sentence for an issue: what the field needs, naming the field. */
export function defaultMessage({ keyword, schema, label }: ContractIssue): string {
  const node = schema;
  if (isChoice(node) || keyword === 'enum' || keyword === 'const')
    return `Choose ${article(label)}.`;
  switch (keyword) {
    case 'required':
      return isNumeric(node)
        ? rangeSentence(node ?? {}, label)
        : node?.type === 'boolean'
          ? `Choose whether to use ${label}.`
          : node?.type === 'array'
            ? `Choose at least one ${label}.`
            : `Enter ${article(label)}.`;
    case 'minLength':
    case 'maxLength':
      return lengthSentence(node ?? {}, label);
    case 'pattern':
    case 'format':
      return node?.description
        ? `Enter a valid ${label}: ${endSentence(node.description.charAt(0).toLowerCase() + node.description.slice(1))}`
        : `Enter a valid ${label}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return rangeSentence(node ?? {}, label);
    case 'multipleOf':
      return `Enter ${article(label)} that is a multiple of ${node?.multipleOf ?? 1}.`;
    case 'minItems':
    case 'maxItems': {
      const { minItems: min, maxItems: max } = node ?? {};
      if (min !== undefined && max !== undefined)
        return `Choose ${min} to ${max} items for the ${label}.`;
      return min !== undefined
        ? `Choose at least ${min} items for the ${label}.`
        : `Choose at most ${max ?? 0} items for the ${label}.`;
    }
    case 'type':
    case 'anyOf':
      if (isNumeric(node)) return rangeSentence(node ?? {}, label);
      if (node?.type === 'string') return lengthSentence(node, label);
      return `Enter a valid ${label}.`;
    default:
      return `Enter a valid ${label}.`;
  }
}

/** The sentence for an issue: the field's override where one applies, else the default. */
export function messageFor(issue: ContractIssue, override?: MessageOverride): string {
  if (typeof override === 'string') return override;
  if (typeof override === 'function') return override(issue) ?? defaultMessage(issue);
  return override?.[issue.keyword] ?? defaultMessage(issue);
}
