import { z } from "zod";
import { REQUEST_ANSWERS } from "~/lib/schemas/online";
import { AppointmentView } from "~/lib/schemas/views/appointments";
import type { AppointmentView as Appointment } from "~/domain/appointments.server";
import { answerFits, type ApiArea } from "../registry.server";

export const onlineRequestsArea: ApiArea = {
  tag: "Online booking requests",
  description:
    "With the salon's approval switch on, online bookings arrive with status `requested` and hold their time until staff answer. Administrators answer every request, a stylist those in their own column.",
  operations: [
    {
      method: "get",
      path: "/api/online-requests",
      summary: "The requests awaiting an answer, soonest first",
      paged: true,
      answers: { 200: { description: "A page of requested appointments.", schema: z.array(AppointmentView) } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/online-requests/{id}/{answer}",
      summary: "Accept (status scheduled) or decline (status cancelled) a request; the client is told",
      params: z.object({ answer: z.enum(REQUEST_ANSWERS) }),
      answers: { 200: { description: "The appointment as it now stands.", schema: AppointmentView } },
      errors: [403, 404, 409],
      description:
        "409 when the request was already answered, or (accept) when its time has passed. Another stylist's request is 404.",
    },
  ],
};

answerFits<typeof AppointmentView, Appointment>();
