import { NEWS_CATEGORIES, NEWS_REGIONS, VIDEO_CATEGORIES } from '@autobest/domain/news/categories';

const asChoices = (values: readonly string[]) => values.map((value) => ({ id: value, name: value }));

export const REGION_LABELS = { african: 'African', global: 'Global' } as const satisfies Record<(typeof NEWS_REGIONS)[number], string>;
export const REGION_CHOICES = NEWS_REGIONS.map((region) => ({ id: region, name: REGION_LABELS[region] }));
export const CATEGORY_CHOICES = asChoices(NEWS_CATEGORIES);
export const VIDEO_CATEGORY_CHOICES = asChoices(VIDEO_CATEGORIES);
