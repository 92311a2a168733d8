// Go-live sweeps on PostgreSQL (store/go-live-events.ts): every node may sweep; a post is
// announced by whichever takes its row lock first, and the others skip it.
import { sweepGoLives, type GoLiveEvents } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import { postgresOutboxIo, postgresSweepIo } from "./outbox.js";
import { Pipeline } from "./pipeline.js";
import type { OnPrimary } from "./pool.js";

export function postgresGoLiveEvents(onPrimary: OnPrimary): GoLiveEvents {
  return {
    announceGoLives: (now) =>
      onPrimary(async (client) => {
        const sql = new Pipeline(client);
        sql.send("BEGIN");
        try {
          const outbox = new Outbox(postgresOutboxIo(sql));
          const events = await sweepGoLives(postgresSweepIo(sql), outbox.stored, now);
          await sql.query("COMMIT");
          return events;
        } catch (error) {
          await sql.rollback().catch(() => {});
          throw error;
        }
      }),
  };
}
