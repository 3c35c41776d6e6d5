// Set-up for the booking dialog's duration and price (decision 0098): two new stylists and
// a service of their own, one stylist with their own duration and price for it.
import { expect } from "@playwright/test";
import { apiCall, apiToken, createServiceViaApi, createStylistAccount, unique } from "./services-helpers";

export type TermsSetup = {
  token: string;
  jo: { stylistId: number; name: string };
  sam: { stylistId: number; name: string };
  cut: { id: number; name: string };
};

/** Women's Cut: 45 minutes and £40 by default; Sam takes 60 minutes and charges £55. */
export async function termsSetup(): Promise<TermsSetup> {
  const token = await apiToken();
  const jo = await createStylistAccount(token, "Jo", `Standard${unique()}`);
  const sam = await createStylistAccount(token, "Sam", `Sixty${unique()}`);
  const name = `Women's Cut ${unique()}`;
  const cut = await createServiceViaApi(token, { name, category: "Hair", duration: 45, price: 4000 });
  const priced = await apiCall(token, "POST", `/api/stylists/${sam.stylistId}/pricing`, {
    serviceId: cut.id,
    duration: 60,
    price: 5500,
  });
  expect(priced.status).toBe(200);
  return { token, jo, sam, cut: { id: cut.id, name } };
}

/** The one appointment of a stylist on a date, with its length in minutes. */
export async function bookedOn(setup: TermsSetup, stylistId: number, date: string) {
  const list = await apiCall<{ id: number; startTime: string; endTime: string; price: number }[]>(
    setup.token,
    "GET",
    `/api/appointments?from=${date}&to=${date}&stylistId=${stylistId}`,
  );
  expect(list.body).toHaveLength(1);
  const [booked] = list.body;
  return { ...booked!, minutes: (Date.parse(booked!.endTime) - Date.parse(booked!.startTime)) / 60_000 };
}
