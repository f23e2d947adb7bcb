import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestEnvironment, type TestEnvironment } from '../../test/support/databases';
import { healthRoutes } from './modules/health/routes';
import { createWarmUp } from './warm-up';

describe('readiness waits for the warm-up', () => {
  let env: TestEnvironment | undefined;
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  it('answers 503 while a warm-up task runs, 200 once all have settled, failed ones included', async () => {
    env = await createTestEnvironment('sqlite');
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const warmUp = createWarmUp(app.log);
    let finish = () => {};
    const ran: string[] = [];
    warmUp.add('slow', () => new Promise<void>((resolve) => (finish = resolve)));
    warmUp.add('failing', () => {
      throw new Error('no model');
    });
    warmUp.add('last', () => ran.push('last'));
    await app.register(healthRoutes(env.db, warmUp));
    const started = warmUp.start();

    const warming = await app.inject('/readyz');
    expect(warming.statusCode).toBe(503);
    expect(warming.json()).toEqual({ status: 'unavailable', database: 'up', warmUp: 'running' });

    finish();
    await started;
    expect(ran).toEqual(['last']);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up', warmUp: 'done' });
    await app.close();
  });
});
