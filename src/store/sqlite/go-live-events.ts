// Go-live sweeps on SQLite (store/go-live-events.ts): one short transaction on the
// background connection, which gives up at once while another process writes.
import { sweepGoLives, type GoLiveEvents } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import { inTransaction, type Background } from "./background.js";
import { sqliteOutboxIo, sqliteSweepIo } from "./outbox.js";

export function sqliteGoLiveEvents(background: Background): GoLiveEvents {
  return {
    announceGoLives: (now) =>
      background.exclusive((db) =>
        inTransaction(db, () => {
          const outbox = new Outbox(sqliteOutboxIo(db));
          return sweepGoLives(sqliteSweepIo(db), outbox.stored, now);
        }),
      ),
  };
}
