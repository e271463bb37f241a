import { z } from 'zod';

/** The console's analytics: page views, top vehicles and the request funnels over the last days. */

export const AnalyticsDaysQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const PageViewsSchema = z.array(z.object({ day: z.string(), page: z.string(), views: z.number() }));
export type PageViews = z.output<typeof PageViewsSchema>[number];

export const VehicleViewsSchema = z.array(z.object({ vehicleId: z.string(), name: z.string(), views: z.number() }));
export type VehicleViews = z.output<typeof VehicleViewsSchema>[number];

const FunnelSchema = z.array(z.object({ step: z.string(), sessions: z.number() }));
export const FunnelsSchema = z.object({ sellCar: FunnelSchema, tradeIn: FunnelSchema });
export type Funnels = z.output<typeof FunnelsSchema>;
