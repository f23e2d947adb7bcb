import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationIdSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSchema,
  conversationSummarySchema,
  feedbackRequestSchema,
  noticeStatusSchema,
  renameConversationSchema,
  sendMessageRequestSchema,
  stopAnswerSchema,
} from '../../../shared/chat.js';
import { errorBodySchema } from '../../../shared/errors.js';
import { signedIn, type Authenticate } from '../auth/authenticate.js';
import type { ChatService } from './service.js';
import { writeUiMessageStream } from './ui-message-stream.js';

const tags = ['chat'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: conversationIdSchema });
const noContent = { 204: z.null().describe('Done') };

/**
 * The chat: conversations, replies streamed with the AI SDK's UI message stream protocol,
 * feedback, and the first-use notice. Every route needs `Authorization: Bearer`; another
 * person's conversation or message answers 404, whatever the verb.
 */
export function chatRoutes({
  chat,
  authenticate,
}: {
  chat: ChatService;
  authenticate: Authenticate;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      '/conversations',
      {
        schema: {
          tags,
          security,
          summary: 'Your conversations, newest first, paged and searchable by words',
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema },
        },
      },
      async (request) => chat.listForUser(signedIn(request).user.id, request.query),
    );

    app.get(
      '/conversations/:id',
      {
        schema: {
          tags,
          security,
          summary: 'A conversation with its messages and their sources',
          params: idParams,
          response: { 200: conversationSchema },
        },
      },
      async (request) => chat.getConversation(signedIn(request).user.id, request.params.id),
    );

    app.patch(
      '/conversations/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Rename a conversation',
          params: idParams,
          body: renameConversationSchema,
          response: { 200: conversationSummarySchema },
        },
      },
      async (request) =>
        chat.rename(signedIn(request).user.id, request.params.id, request.body.title),
    );

    app.delete(
      '/conversations/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Delete a conversation and its messages',
          params: idParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        await chat.remove(signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/conversations/:id/messages',
      {
        // Streamed as written: compression would hold chunks back.
        compress: false,
        schema: {
          tags,
          security,
          summary: 'Ask a question; the answer streams back',
          description:
            'The conversation id is a UUID the client makes; the conversation is stored with its first message. ' +
            'The answer is a UI message stream (Server-Sent Events; AI SDK protocol): `start` carries the conversation ' +
            'and message ids, `text-delta` parts the answer, `source-url` parts the cited guide sections, `finish` ' +
            'the tokens `charged` and the `balance` after. Closing the connection stops the answer; what was written ' +
            'is kept as `stopped` and only it is charged. With `retryOf` (the id of an answer that failed or was ' +
            'cut off, the newest message) the stored question is answered again: nothing new is stored for it, ' +
            '`text` is ignored, and the earlier answer stays. Before the stream starts, errors are JSON: 400, ' +
            '402 tokens.insufficient, 404, 409 chat.retry_not_possible, 413 chat.message_too_long, ' +
            '429 chat.too_many_replies.',
          params: idParams,
          body: sendMessageRequestSchema,
          response: {
            200: z.string().describe('text/event-stream'),
            402: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            413: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        const gone = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) gone.abort();
        });
        const stream = await chat.startReply(
          {
            userId: user.id,
            jurisdiction: user.jurisdiction,
          },
          request.params.id,
          request.body,
          gone.signal,
        );
        await writeUiMessageStream(request, reply, stream);
      },
    );

    app.post(
      '/conversations/:id/stop',
      {
        schema: {
          tags,
          security,
          summary: 'Stop the answer being written; answers once it is settled',
          description:
            'Stops your answer being written in this conversation and answers once it is settled and stored: ' +
            'the answer (its id and status, `stopped` unless it had finished), the tokens it was charged and the ' +
            'balance after. The same as closing the stream, which stops it too (and does so on whichever instance ' +
            'writes it); a reply being settled elsewhere is waited for, a few seconds at most. With no answer ' +
            'being written, the newest answer as stored.',
          params: idParams,
          response: { 200: stopAnswerSchema, 404: errorBodySchema },
        },
      },
      async (request) => chat.stopReply(signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/messages/:id/feedback',
      {
        schema: {
          tags,
          security,
          summary: 'Rate an answer up or down (null clears the rating)',
          params: idParams,
          body: feedbackRequestSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await chat.rate(signedIn(request).user.id, request.params.id, request.body.rating);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/chat/notice',
      {
        schema: {
          tags,
          security,
          summary: 'Whether you have acknowledged the assistant notice',
          response: { 200: noticeStatusSchema },
        },
      },
      async (request) => ({
        acknowledgedAt: await chat.noticeAcknowledgedAt(signedIn(request).user.id),
      }),
    );

    app.post(
      '/chat/notice',
      {
        schema: {
          tags,
          security,
          summary:
            'Acknowledge once that the assistant is an AI giving general legal information, not legal advice',
          response: { 200: noticeStatusSchema },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        await chat.acknowledgeNotice(user.id);
        return { acknowledgedAt: await chat.noticeAcknowledgedAt(user.id) };
      },
    );
  };
}
