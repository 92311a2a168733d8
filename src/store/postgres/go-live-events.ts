// Go-live sweeps on PostgreSQL (store/go-live-events.ts): every node may sweep; a post is
// announced by whichever takes its row lock first, and the others skip it.
import { sweepGoLives, type GoLiveEvents } from "../go-live-events.js";
import { Outbox } from "../outbox.js";
import { postgresOutboxIo, postgresSweepIo } from "./outbox.js";
import { inTransaction, type OnPrimary } from "./webhook-deliveries.js";

export function postgresGoLiveEvents(onPrimary: OnPrimary): GoLiveEvents {
  return {
    announceGoLives: (now) =>
      onPrimary((client) =>
        inTransaction(client, () => {
          const outbox = new Outbox(postgresOutboxIo(client));
          return sweepGoLives(postgresSweepIo(client), outbox.stored, now);
        }),
      ),
  };
}
