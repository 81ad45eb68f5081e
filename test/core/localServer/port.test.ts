import assert from 'node:assert/strict';
import * as net from 'node:net';
import { describe, it } from 'node:test';
import { choosePort } from '../../../src/core/localServer/port';

function listen(port = 0): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: net.Server): number {
  return (server.address() as net.AddressInfo).port;
}

describe('the local agent server port', () => {
  it('keeps the former port when it is free', async () => {
    const probe = await listen();
    const port = portOf(probe);
    await new Promise((resolve) => probe.close(resolve));
    assert.equal(await choosePort(port), port);
  });

  it('takes another free port when something else holds the former one', async () => {
    const holder = await listen();
    try {
      const port = await choosePort(portOf(holder));
      assert.notEqual(port, portOf(holder));
      const check = await listen(port);
      await new Promise((resolve) => check.close(resolve));
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('takes a free port when there was none before', async () => {
    const port = await choosePort(undefined);
    assert.ok(port > 0 && port < 65536);
  });
});
