// Services, pricing, availability and time off: every role against every guarded page,
// action and API route, allowed and refused, plus signed out (SPEC §6). Rows aimed at
// "someone else's" stylist are admin-only: a stylist manages only their own prices and
// hours (their own side is covered in the *-api tests), display accounts none.
import { ADMIN, ALL, describePermissionMatrix, fresh, STAFF, type MatrixRow } from "../permission-matrix";
import * as availabilityPage from "~/routes/_app.availability";
import * as deleteTimeOffDialog from "~/routes/_app.availability.time-off.$timeOffId.delete";
import * as addTimeOffDialog from "~/routes/_app.availability.time-off.new";
import * as pricingPage from "~/routes/_app.pricing";
import * as editServiceDialog from "~/routes/_app.services.$serviceId.edit";
import * as servicesPage from "~/routes/_app.services";
import * as newServiceDialog from "~/routes/_app.services.new";
import * as serviceById from "~/routes/api.services.$id";
import * as serviceList from "~/routes/api.services._index";
import * as availabilityApi from "~/routes/api.stylist.availability";
import * as timeOffById from "~/routes/api.stylist.time-off.$id";
import * as timeOffList from "~/routes/api.stylist.time-off._index";
import * as stylistPricing from "~/routes/api.stylists.$id.pricing";
import { createService, createStylist, createTimeOff } from "../services-factories";

type Target = { id: number };
const newService = async (): Promise<Target> => ({
  id: (await createService({ name: `Matrix service ${fresh()}` })).id,
});
const otherStylist = async (): Promise<Target> => ({ id: (await createStylist()).id });
const otherTimeOff = async (): Promise<Target & { stylistId: number }> => {
  const stylist = await createStylist();
  return { id: (await createTimeOff(stylist.id, "2026-07-01", "2026-07-02", "Matrix")).id, stylistId: stylist.id };
};
const serviceBody = () => ({ name: `Matrix ${fresh()}`, category: "Hair", duration: 30, price: 2500, isActive: true });
const serviceForm = () => ({
  name: `Matrix ${fresh()}`,
  category: "Hair",
  duration: "30",
  priceInPounds: "25.00",
  isActive: "on",
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ROWS: MatrixRow<any>[] = [
  // Services: everyone reads, admins write.
  {
    name: "GET /services?q=",
    kind: "page",
    handler: servicesPage.loader,
    method: "GET",
    path: () => "/services?q=cut",
    allowed: ALL,
  },
  {
    name: "GET /services/new",
    kind: "page",
    handler: newServiceDialog.loader,
    method: "GET",
    path: () => "/services/new",
    allowed: ADMIN,
  },
  {
    name: "POST /services/new (Add Service)",
    kind: "page",
    handler: newServiceDialog.action,
    method: "POST",
    path: () => "/services/new",
    body: serviceForm,
    allowed: ADMIN,
  },
  {
    name: "GET /services/:id/edit",
    kind: "page",
    handler: editServiceDialog.loader,
    method: "GET",
    setup: newService,
    path: (_, t: Target) => `/services/${t.id}/edit`,
    params: (_, t: Target) => ({ serviceId: String(t.id) }),
    allowed: ADMIN,
  },
  {
    name: "POST /services/:id/edit (Edit Service)",
    kind: "page",
    handler: editServiceDialog.action,
    method: "POST",
    setup: newService,
    path: (_, t: Target) => `/services/${t.id}/edit`,
    params: (_, t: Target) => ({ serviceId: String(t.id) }),
    body: serviceForm,
    allowed: ADMIN,
  },
  {
    name: "GET /api/services",
    kind: "api",
    handler: serviceList.loader,
    method: "GET",
    path: () => "/api/services",
    allowed: ALL,
  },
  {
    name: "POST /api/services",
    kind: "api",
    handler: serviceList.action,
    method: "POST",
    path: () => "/api/services",
    body: serviceBody,
    allowed: ADMIN,
  },
  {
    name: "GET /api/services/{id}",
    kind: "api",
    handler: serviceById.loader,
    method: "GET",
    setup: newService,
    path: (_, t: Target) => `/api/services/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: ALL,
  },
  {
    name: "PUT /api/services/{id}",
    kind: "api",
    handler: serviceById.action,
    method: "PUT",
    setup: newService,
    path: (_, t: Target) => `/api/services/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: serviceBody,
    allowed: ADMIN,
  },
  {
    name: "PATCH /api/services/{id}",
    kind: "api",
    handler: serviceById.action,
    method: "PATCH",
    setup: newService,
    path: (_, t: Target) => `/api/services/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    body: () => ({ duration: 45 }),
    allowed: ADMIN,
  },

  // Pricing of someone else's stylist profile: admins only.
  {
    name: "GET /pricing?stylist={other}",
    kind: "page",
    handler: pricingPage.loader,
    method: "GET",
    setup: otherStylist,
    path: (_, t: Target) => `/pricing?stylist=${t.id}`,
    allowed: ADMIN,
  },
  {
    name: "POST /pricing (Save Price for another stylist)",
    kind: "page",
    handler: pricingPage.action,
    method: "POST",
    setup: async () => ({ stylist: await otherStylist(), service: await newService() }),
    path: (_, t: { stylist: Target }) => `/pricing?stylist=${t.stylist.id}`,
    body: (_, t: { stylist: Target; service: Target }) => ({
      intent: "price",
      stylistId: t.stylist.id,
      serviceId: t.service.id,
      priceInPounds: "30.00",
    }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/stylists/{other}/pricing",
    kind: "api",
    handler: stylistPricing.loader,
    method: "GET",
    setup: otherStylist,
    path: (_, t: Target) => `/api/stylists/${t.id}/pricing`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: ADMIN,
  },
  {
    name: "POST /api/stylists/{other}/pricing",
    kind: "api",
    handler: stylistPricing.action,
    method: "POST",
    setup: async () => ({ stylist: await otherStylist(), service: await newService() }),
    path: (_, t: { stylist: Target }) => `/api/stylists/${t.stylist.id}/pricing`,
    params: (_, t: { stylist: Target }) => ({ id: String(t.stylist.id) }),
    body: (_, t: { service: Target }) => ({ serviceId: t.service.id, price: 3000, duration: 40 }),
    allowed: ADMIN,
  },

  // Availability and time off of someone else's stylist profile: admins only.
  {
    name: "GET /availability?stylist={other}",
    kind: "page",
    handler: availabilityPage.loader,
    method: "GET",
    setup: otherStylist,
    path: (_, t: Target) => `/availability?stylist=${t.id}`,
    allowed: ADMIN,
  },
  {
    name: "POST /availability (a day of another stylist)",
    kind: "page",
    handler: availabilityPage.action,
    method: "POST",
    setup: otherStylist,
    path: (_, t: Target) => `/availability?stylist=${t.id}`,
    body: (_, t: Target) => ({
      intent: "day",
      stylistId: t.id,
      dayOfWeek: 2,
      isWorking: "on",
      startTime: "10:00",
      endTime: "16:00",
    }),
    allowed: ADMIN,
  },
  {
    name: "POST /availability (schedule mode of another stylist)",
    kind: "page",
    handler: availabilityPage.action,
    method: "POST",
    setup: otherStylist,
    path: (_, t: Target) => `/availability?stylist=${t.id}`,
    body: (_, t: Target) => ({ intent: "mode", stylistId: t.id, scheduleMode: "biweekly" }),
    allowed: ADMIN,
  },
  {
    name: "GET /availability/time-off/new",
    kind: "page",
    handler: addTimeOffDialog.loader,
    method: "GET",
    path: () => "/availability/time-off/new",
    allowed: STAFF,
  },
  {
    name: "POST /availability/time-off/new?stylist={other}",
    kind: "page",
    handler: addTimeOffDialog.action,
    method: "POST",
    setup: otherStylist,
    path: (_, t: Target) => `/availability/time-off/new?stylist=${t.id}`,
    body: () => ({ startDate: "2026-08-03", endDate: "2026-08-04", reason: "Matrix" }),
    allowed: ADMIN,
  },
  {
    name: "GET /availability/time-off/{other's}/delete",
    kind: "page",
    handler: deleteTimeOffDialog.loader,
    method: "GET",
    setup: otherTimeOff,
    path: (_, t: Target) => `/availability/time-off/${t.id}/delete`,
    params: (_, t: Target) => ({ timeOffId: String(t.id) }),
    allowed: ADMIN,
  },
  {
    name: "POST /availability/time-off/{other's}/delete",
    kind: "page",
    handler: deleteTimeOffDialog.action,
    method: "POST",
    setup: otherTimeOff,
    path: (_, t: Target) => `/availability/time-off/${t.id}/delete`,
    params: (_, t: Target) => ({ timeOffId: String(t.id) }),
    body: () => ({}),
    allowed: ADMIN,
  },
  {
    name: "GET /api/stylist/availability?stylistId={other}",
    kind: "api",
    handler: availabilityApi.loader,
    method: "GET",
    setup: otherStylist,
    path: (_, t: Target) => `/api/stylist/availability?stylistId=${t.id}`,
    allowed: ADMIN,
  },
  {
    name: "PUT /api/stylist/availability (a day of another stylist)",
    kind: "api",
    handler: availabilityApi.action,
    method: "PUT",
    setup: otherStylist,
    path: () => "/api/stylist/availability",
    body: (_, t: Target) => ({ stylistId: t.id, dayOfWeek: 1, isWorking: false }),
    allowed: ADMIN,
  },
  {
    name: "PUT /api/stylist/availability (schedule mode of another stylist)",
    kind: "api",
    handler: availabilityApi.action,
    method: "PUT",
    setup: otherStylist,
    path: () => "/api/stylist/availability",
    body: (_, t: Target) => ({ stylistId: t.id, scheduleMode: "biweekly" }),
    allowed: ADMIN,
  },
  {
    name: "GET /api/stylist/time-off?stylistId={other}",
    kind: "api",
    handler: timeOffList.loader,
    method: "GET",
    setup: otherStylist,
    path: (_, t: Target) => `/api/stylist/time-off?stylistId=${t.id}`,
    allowed: ADMIN,
  },
  {
    name: "POST /api/stylist/time-off (for another stylist)",
    kind: "api",
    handler: timeOffList.action,
    method: "POST",
    setup: otherStylist,
    path: () => "/api/stylist/time-off",
    body: (_, t: Target) => ({ stylistId: t.id, startDate: "2026-08-10", endDate: "2026-08-11" }),
    allowed: ADMIN,
  },
  {
    name: "DELETE /api/stylist/time-off/{other's}",
    kind: "api",
    handler: timeOffById.action,
    method: "DELETE",
    setup: otherTimeOff,
    path: (_, t: Target) => `/api/stylist/time-off/${t.id}`,
    params: (_, t: Target) => ({ id: String(t.id) }),
    allowed: ADMIN,
  },
];

describePermissionMatrix("permission matrix: services, pricing, availability", ROWS);
