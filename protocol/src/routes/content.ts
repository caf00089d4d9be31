import { z } from 'zod';
import {
  NEWS_CATEGORY,
  newsDetailSchema,
  newsItemSchema,
  rankingItemSchema,
} from '../schemas/content.js';
import { pagedSchema, pageSchema, requiredText, wireInt } from '../schemas/primitives.js';
import { REVIEW_STATUS, verificationSchema } from '../schemas/verification.js';
import { defineRoute } from './define.js';
import { ack, noPayload } from './shared.js';

export const newsList = defineRoute({
  method: 'GET',
  path: '/api/news/list',
  access: 'public',
  summary: 'News and announcements, newest first, paged: data.data, data.total.',
  request: z.object({ category_id: wireInt(1).default(NEWS_CATEGORY), page: pageSchema }),
  response: pagedSchema(newsItemSchema),
});

export const newsInfo = defineRoute({
  method: 'GET',
  path: '/api/news/info',
  access: 'public',
  summary: 'One news item with its HTML content.',
  request: z.object({ id: wireInt(1) }),
  response: newsDetailSchema,
  showsLoading: true,
});

export const followList = defineRoute({
  method: 'GET',
  path: '/api/follow/list',
  access: 'public',
  summary: 'Copy-trade leaders ranked by three-week return.',
  request: noPayload,
  response: z.array(rankingItemSchema),
});

export const realName = defineRoute({
  method: 'POST',
  path: '/api/user_real/real_name',
  access: 'real',
  summary: 'Submits real-name verification; review_status becomes 1 (waiting).',
  request: z.object({
    name: requiredText(64),
    card_id: requiredText(32),
    front_pic: requiredText(2048),
    reverse_pic: requiredText(2048),
  }),
  response: ack,
  toastOnSuccess: true,
});

export const realNameCenter = defineRoute({
  method: 'GET',
  path: '/api/user_real/center',
  access: 'real',
  summary: `The verification state (${Object.values(REVIEW_STATUS).join('/')}) and submitted data.`,
  request: noPayload,
  response: verificationSchema,
});

export const contentRoutes = { newsList, newsInfo, followList, realName, realNameCenter } as const;
