// Progress on a terminal: one line rewritten in place at most a few times a second.
// Off a terminal (pipes, CI logs) only the lines that matter are printed.

export interface Progress {
  update(text: string): void;
  line(text: string): void;
  done(): void;
}

export function progressPrinter(stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY === true;
  let last = 0;
  let shown = false;
  const clear = () => {
    if (shown) stream.write("\r\x1b[K");
    shown = false;
  };
  return {
    update(text) {
      const now = Date.now();
      if (!tty || now - last < 200) return;
      last = now;
      clear();
      stream.write(text);
      shown = true;
    },
    line(text) {
      clear();
      stream.write(`${text}\n`);
    },
    done: clear,
  };
}
