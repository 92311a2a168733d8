// Result columns that arrive as their UTF-8 bytes, not as strings. pg decodes every column
// into a string; a post's content read only to be written into a response's bytes would then
// be decoded, kept on the heap while the rest of its statement's rows arrive, and encoded
// again. Under load those strings outlive a young collection or two and are promoted: at a
// million posts they were most of what the old space gained between full collections. A
// column named with the `Utf8` ending is copied out of the socket's bytes into a Buffer of
// its own (off the heap) and passed through as it is; every other column is read as pg reads
// it.
import pg from "pg";
import { DataRowMessage, Field, type RowDescriptionMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import type { Readable } from "node:stream";

/** A result column with a name that ends so arrives as a Buffer of its UTF-8 bytes. */
const BYTES_ENDING = "Utf8";

/**
 * The type the columns are given in their row description. No type has it (it is
 * InvalidOid), so only this client's own parser, which passes the bytes through, applies.
 */
const BYTES_TYPE = 0;

const DATA_ROW = 0x44;
const ROW_DESCRIPTION = 0x54;
const COMMAND_COMPLETE = 0x43;
const ERROR = 0x45;

type BackendMessage = { name: string; length: number };
type HandlePacket = (offset: number, code: number, length: number, bytes: Buffer) => BackendMessage;

/** Which fields of a row description are read as bytes; undefined when none is. */
function byteFields(message: RowDescriptionMessage): boolean[] | undefined {
  const marks = message.fields.map((f) => f.name.endsWith(BYTES_ENDING));
  if (!marks.includes(true)) return undefined;
  message.fields.forEach((f, i) => {
    if (!marks[i]) return;
    const { name, tableID, columnID, dataTypeSize, dataTypeModifier, format } = f;
    message.fields[i] = new Field(
      ...([name, tableID, columnID, BYTES_TYPE, dataTypeSize, dataTypeModifier, format] as const),
    );
  });
  return marks;
}

/** A data row with the marked fields as Buffers; the socket's bytes are reused, so copied. */
function dataRow(bytes: Buffer, offset: number, length: number, marks: boolean[]) {
  let at = offset;
  const count = bytes.readInt16BE(at);
  at += 2;
  const fields: (string | Buffer | null)[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const size = bytes.readInt32BE(at);
    at += 4;
    if (size === -1) {
      fields[i] = null;
      continue;
    }
    if (marks[i]) {
      const own = Buffer.allocUnsafe(size);
      bytes.copy(own, 0, at, at + size);
      fields[i] = own;
    } else fields[i] = bytes.toString("utf8", at, at + size);
    at += size;
  }
  return new DataRowMessage(length, fields);
}

/** pg-protocol's parser, reading marked columns as bytes. */
export class ByteColumnsParser extends Parser {
  private marks: boolean[] | undefined;

  constructor() {
    super();
    const handle = (this as unknown as { handlePacket: HandlePacket }).handlePacket.bind(this);
    // A statement's rows follow its own row description; its end (or failure) ends the marks,
    // so rows that somehow came without one are read as pg reads them.
    (this as unknown as { handlePacket: HandlePacket }).handlePacket = (
      offset,
      code,
      length,
      bytes,
    ) => {
      if (code === DATA_ROW && this.marks !== undefined) {
        return dataRow(bytes, offset, length, this.marks);
      }
      const message = handle(offset, code, length, bytes);
      if (code === ROW_DESCRIPTION) this.marks = byteFields(message as RowDescriptionMessage);
      else if (code === COMMAND_COMPLETE || code === ERROR) this.marks = undefined;
      return message;
    };
  }
}

interface ConnectionInternals {
  attachListeners(stream: Readable): void;
  emit(event: string, message: unknown): boolean;
  _emitMessage: boolean;
}

/** pg's client, its connection reading through ByteColumnsParser (pg.Pool's `Client`). */
export class ByteColumnsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's types name only the OIDs it knows; this one it is told of here.
    const types = this as unknown as {
      setTypeParser(oid: number, format: "text", parse: (value: string) => unknown): void;
    };
    types.setTypeParser(BYTES_TYPE, "text", (value) => value);
    const connection = this.connection as unknown as ConnectionInternals;
    // What pg's own connection does with its stream, with this parser in place of its own.
    connection.attachListeners = (stream) => {
      const parser = new ByteColumnsParser();
      stream.on("data", (chunk: Buffer) =>
        parser.parse(chunk, (message) => {
          const event = message.name === "error" ? "errorMessage" : message.name;
          if (connection._emitMessage) connection.emit("message", message);
          connection.emit(event, message);
        }),
      );
    };
  }
}
