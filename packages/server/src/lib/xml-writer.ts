/** A minimal, always-escaping XML writer for the pain.008 messages (two-space indentation). */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

export type XmlNode = { name: string; attributes?: Record<string, string>; children: XmlNode[] | string };

/** An element; children that are `null`/`undefined`/`false`/`''` are left out. */
export function el(
  name: string,
  children: string | Array<XmlNode | null | undefined | false | ''>,
  attributes?: Record<string, string>,
): XmlNode {
  return {
    name,
    attributes,
    children: typeof children === 'string' ? children : children.filter((c): c is XmlNode => Boolean(c)),
  };
}

function render(node: XmlNode, depth: number, lines: string[]) {
  const pad = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (typeof node.children === 'string') {
    lines.push(`${pad}<${node.name}${attributes}>${escapeXml(node.children)}</${node.name}>`);
    return;
  }
  lines.push(`${pad}<${node.name}${attributes}>`);
  for (const child of node.children) render(child, depth + 1, lines);
  lines.push(`${pad}</${node.name}>`);
}

/** The document with its XML declaration, UTF-8, no BOM, a final newline. */
export function renderXml(root: XmlNode): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, 0, lines);
  return `${lines.join('\n')}\n`;
}
