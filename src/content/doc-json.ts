// The stored JSON of a document: the bytes `JSON.stringify(doc.toJSON())` makes, written in
// one walk over the tree, without building ProseMirror's plain objects first and walking
// them again (a 5 KB post is some 450 of them). The keys come in toJSON's order: type, attrs
// (when the type has any), content, marks, text.
import type { Mark, Node as PMNode } from "@tiptap/pm/model";

/** `{"type":"name"`, made once per type. */
const opened = new Map<string, string>();

function open(name: string): string {
  let head = opened.get(name);
  if (head === undefined) {
    head = `{"type":${JSON.stringify(name)}`;
    opened.set(name, head);
  }
  return head;
}

function hasAny(attrs: object): boolean {
  for (const _ in attrs) return true;
  return false;
}

function markJson(mark: Mark): string {
  const head = open(mark.type.name);
  return hasAny(mark.attrs) ? `${head},"attrs":${JSON.stringify(mark.attrs)}}` : `${head}}`;
}

export function docJson(node: PMNode): string {
  let json = open(node.type.name);
  if (hasAny(node.attrs)) json += `,"attrs":${JSON.stringify(node.attrs)}`;
  const content = node.content;
  if (content.size > 0) {
    json += ',"content":[';
    for (let i = 0; i < content.childCount; i++) {
      if (i > 0) json += ",";
      json += docJson(content.child(i));
    }
    json += "]";
  }
  const marks = node.marks;
  if (marks.length > 0) {
    json += ',"marks":[';
    for (let i = 0; i < marks.length; i++) {
      if (i > 0) json += ",";
      json += markJson(marks[i]!);
    }
    json += "]";
  }
  if (node.isText) json += `,"text":${JSON.stringify(node.text)}`;
  return `${json}}`;
}
