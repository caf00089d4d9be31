import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NetworkOf } from './network.js';

export interface IdleConnectionsOptions {
  /** Connections waiting for a request one address (its network) may hold. */
  readonly maxPerAddress: number;
  readonly networkOf: NetworkOf;
  /** Counts a connection closed for being one too many. */
  readonly onEvicted?: () => void;
}

/** One HTTP connection of the server, while Node serves it as HTTP. */
interface Connection {
  readonly socket: Socket;
  readonly address: string;
  /** Requests answered on it now; 0: it waits for one. */
  serving: number;
}

/**
 * Bounds the HTTP connections that wait for a request: new ones, keep-alive ones between two
 * requests, and ones still sending a request's headers. Each costs memory whatever it does, and
 * one client can open thousands; past `maxPerAddress` of one address (the TCP peer: a balancer
 * in front is one address, and keeps far fewer), its longest-waiting one is closed — a client
 * opens a new connection for its next request, as it does when a server ends an idle
 * keep-alive. A connection upgraded to a socket is the hub's business from then on.
 *
 * `closeWaiting` ends every waiting connection at once: a shutdown does not wait for a client
 * that started a request (a socket upgrade among them) and never finished sending it.
 */
export function limitIdleConnections(server: Server, options: IdleConnectionsOptions) {
  const connections = new WeakMap<Socket, Connection>();
  /** Waiting connections by address; a Set keeps them in the order they began to wait. */
  const waiting = new Map<string, Set<Connection>>();

  function wait(connection: Connection) {
    let set = waiting.get(connection.address);
    if (!set) {
      set = new Set();
      waiting.set(connection.address, set);
    }
    set.add(connection);
    if (set.size <= options.maxPerAddress) return;
    const [longest] = set;
    if (!longest) return;
    stopWaiting(longest);
    options.onEvicted?.();
    longest.socket.destroy();
  }

  function stopWaiting(connection: Connection) {
    const set = waiting.get(connection.address);
    if (!set?.delete(connection)) return;
    if (set.size === 0) waiting.delete(connection.address);
  }

  function forget(socket: Socket) {
    const connection = connections.get(socket);
    if (!connection) return;
    connections.delete(socket);
    stopWaiting(connection);
  }

  server.on('connection', (socket: Socket) => {
    const connection: Connection = {
      socket,
      address: options.networkOf(socket.remoteAddress ?? ''),
      serving: 0,
    };
    connections.set(socket, connection);
    socket.once('close', () => forget(socket));
    wait(connection);
  });

  server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    if (connection.serving++ === 0) stopWaiting(connection);
    response.once('close', () => {
      if (--connection.serving === 0 && !connection.socket.destroyed) wait(connection);
    });
  });

  server.on('upgrade', (request) => forget(request.socket));

  return {
    /** Connections waiting for a request now, of every address. */
    get waiting(): number {
      let count = 0;
      for (const set of waiting.values()) count += set.size;
      return count;
    },

    /** Closes every connection that waits for a request. */
    closeWaiting(): void {
      for (const set of [...waiting.values()]) {
        for (const connection of [...set]) {
          stopWaiting(connection);
          connection.socket.destroy();
        }
      }
    },
  };
}
