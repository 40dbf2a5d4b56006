/*
 * The hook a change of delivery state calls after its commit (decision 068). The delivery module
 * (modules/delivery) installs it on the app: it sends the notices that became due. It is a hook
 * and not an import because the delivery module reads the laps (the promised windows) and the
 * laps module changes delivery state: an import would close a circle between the two.
 */

/** What one notices run sent. */
export interface DeliveryNoticeRun {
  /** E-mails recorded. */
  email: number;
  /** Users a push went to (at least one of their browsers took it). */
  push: number;
  /** Per location: the users e-mailed "lunch is delivered" by this run. */
  deliveredEmailed: Map<number, number>;
}

/** Sends what is due for the menu; never throws (failures are logged, and the job tries again). */
export type DeliveryChanged = (menuId: number) => Promise<DeliveryNoticeRun | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Installed by the delivery module (delivery.routes.ts). */
    deliveryChanged: DeliveryChanged;
  }
}
