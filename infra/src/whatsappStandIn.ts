import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startCloudApiStandIn } from '@autobest/workers/testing';

/**
 * `npm run whatsapp:stand-in`: the Cloud API stand-in the tests use, on its own, to see WhatsApp updates work without a
 * Meta account (issue 41). It prints the settings to start the product with; then it takes each message as the Cloud
 * API does, posts its statuses sent, delivered and read to the product's webhook, signed with the app secret it
 * printed, and posts each line typed as `<phone digits> <text>` (`2348035550142 STOP`) as a reply from that phone.
 * PUBLIC_URL (default http://localhost:3000) is where the product answers; WHATSAPP_STAND_IN_PORT (default 4010)
 * where the stand-in does.
 */
const productUrl = (process.env['PUBLIC_URL'] ?? 'http://localhost:3000').replace(/\/$/, '');
const port = Number(process.env['WHATSAPP_STAND_IN_PORT'] ?? 4010);
const appSecret = randomBytes(16).toString('hex');
const standIn = await startCloudApiStandIn('stand-in-access-token', port);
standIn.sendWebhooksTo({ url: `${productUrl}/api/whatsapp/webhook`, appSecret });

console.log(`Cloud API stand-in on ${standIn.url}, posting webhooks to ${productUrl}/api/whatsapp/webhook. Start the product with:

  WHATSAPP_API_URL=${standIn.url} WHATSAPP_TOKEN=${standIn.token} WHATSAPP_PHONE_NUMBER_ID=106540352242922 WHATSAPP_APP_SECRET=${appSecret} npm start

Type "<phone digits> <text>" to reply from that phone (e.g. 2348035550142 STOP). Ctrl-C ends.`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const reply = /^\s*\+?(\d{8,15})\s+(.+)$/.exec(line);
  if (!reply) return console.log('Type "<phone digits> <text>", e.g. 2348035550142 Is Saturday fine?');
  standIn.sendReply(reply[1]!, reply[2]!).then(
    () => console.log(`Reply from +${reply[1]} posted`),
    (error: unknown) => console.log(`The product did not take the reply: ${error instanceof Error ? error.message : String(error)}`),
  );
});
// Each message as the phone would show it.
standIn.beforeAnswering(async (message) => {
  console.log(`Message ${message.templateName} (${message.language}) to +${message.to}: ${message.parameters.join(' | ')}`);
});
