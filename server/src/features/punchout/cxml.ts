import { randomBytes } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * cXML 1.2 documents in and out (issue 34). Parsing is fast-xml-parser with entity processing
 * off, and before it runs, a document whose DOCTYPE declares anything (an internal subset: the
 * only place an entity, external or expanding, can be declared) is refused whole. The DOCTYPE
 * every cXML document carries (`<!DOCTYPE cXML SYSTEM "…/cXML.dtd">`) is allowed and never
 * fetched. The five predefined entities and character references are decoded by us, and only
 * they: no declared entity is ever expanded (no XXE, no billion laughs).
 */

/** The cXML version we answer with, and the DTD our documents name. */
export const CXML_VERSION = '1.2.014';
const CXML_DOCTYPE = `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd">`;

/** A document the parser refuses: its reason goes back in a cXML status 400. */
export class CxmlRefused extends Error {}

const DOCTYPE_WITH_SUBSET = /<!DOCTYPE[^>[]*\[/i;
const DECLARATION = /<!(ENTITY|ELEMENT|ATTLIST|NOTATION)\b/i;

const PREDEFINED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;

/** Text with the predefined entities and character references decoded; anything else stays. */
function decodeText(text: string): string {
  return text.replace(REFERENCE, (whole, name?: string, dec?: string, hex?: string) => {
    if (name) return PREDEFINED[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  tagValueProcessor: (_name, value) => decodeText(value),
  attributeValueProcessor: (_name, value) => decodeText(value),
  isArray: (name) => ['ItemIn', 'ItemOut', 'Credential', 'Extrinsic', 'Description'].includes(name),
});

/** An element as parsed: attributes under `@name`, text under `#text`, children by name. */
export type XmlNode = { [key: string]: XmlValue };
type XmlValue = string | XmlNode | XmlValue[] | undefined;

/** Parses a cXML document, or throws `CxmlRefused` with the reason. */
export function parseCxml(xml: string): XmlNode {
  if (DOCTYPE_WITH_SUBSET.test(xml) || DECLARATION.test(xml))
    throw new CxmlRefused('DTD declarations (entities) are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CxmlRefused(`Malformed XML: ${valid.err.msg}`);
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw new CxmlRefused(`Malformed XML: ${(error as Error).message}`);
  }
  const root = document.cXML;
  if (!root || typeof root !== 'object' || Array.isArray(root))
    throw new CxmlRefused('Not a cXML document');
  return root;
}

/** The child `name` of `node` as an element ({} when absent or text). */
export function child(node: XmlValue, ...path: string[]): XmlNode {
  let at: XmlValue = node;
  for (const name of path) {
    const next: XmlValue =
      at && typeof at === 'object' && !Array.isArray(at) ? at[name] : undefined;
    at = Array.isArray(next) ? next[0] : next;
  }
  return at && typeof at === 'object' && !Array.isArray(at) ? at : {};
}

/** Every `name` child of `node`. */
export function children(node: XmlNode, name: string): XmlNode[] {
  const found = node[name];
  const list = Array.isArray(found) ? found : found === undefined ? [] : [found];
  return list.map((item) => (typeof item === 'object' && !Array.isArray(item) ? item : {}));
}

/** The text of `node`'s child at `path` ('' when absent). */
export function text(node: XmlNode, ...path: string[]): string {
  const last = path.at(-1);
  const parent = last === undefined ? node : child(node, ...path.slice(0, -1));
  const value = last === undefined ? node : parent[last];
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && !Array.isArray(first)) {
    const inner = first['#text'];
    return typeof inner === 'string' ? inner : '';
  }
  return '';
}

/** An attribute of `node`. */
export const attr = (node: XmlNode, name: string): string => {
  const value = node[`@${name}`];
  return typeof value === 'string' ? value : '';
};

/** A credential of a cXML header (From, To or Sender). */
export interface Credential {
  domain: string;
  identity: string;
  sharedSecret: string;
}

export function credentialsOf(root: XmlNode, party: 'From' | 'To' | 'Sender'): Credential[] {
  return children(child(root, 'Header', party), 'Credential').map((credential) => ({
    domain: attr(credential, 'domain'),
    identity: text(credential, 'Identity'),
    sharedSecret: text(credential, 'SharedSecret'),
  }));
}

// ── writing ──

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
/** Text or an attribute value, escaped; characters XML 1.0 cannot carry are dropped. */
export const esc = (value: string | number) =>
  String(value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** `datetime.random@host`, as the cXML guide recommends for payloadID. */
export function payloadId(host: string): string {
  return `${Date.now()}.${process.pid}.${randomBytes(6).toString('hex')}@${host}`;
}

/** A whole cXML document around `body` (Header, Request, Response or Message). */
export function cxmlDocument(body: string, host: string, lang = 'en-US'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
${CXML_DOCTYPE}
<cXML payloadID="${esc(payloadId(host))}" timestamp="${new Date().toISOString()}" xml:lang="${esc(lang)}">
${body}
</cXML>
`;
}

/** The cXML status texts for the codes we answer with. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** A `<Response>` with its `<Status>`, and what follows it (a PunchOutSetupResponse). */
export function cxmlResponse(host: string, code: number, message = '', inner = ''): string {
  const status = `<Status code="${code}" text="${esc(STATUS_TEXT[code] ?? 'Error')}">${esc(message)}</Status>`;
  return cxmlDocument(`<Response>\n${status}\n${inner}</Response>`, host);
}
