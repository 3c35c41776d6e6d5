import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { clientMentions, emailMention, nameMention, phoneMention, redactMentions } from "./client-mentions";

const redact = (text: string, ...mentions: ReturnType<typeof phoneMention>[]) =>
  redactMentions(
    text,
    mentions.flatMap((mention) => (mention ? [mention] : [])),
    "[x]",
  );

describe("phoneMention", () => {
  it("matches every form libphonenumber-js prints, whole", () => {
    for (const [raw, country] of [
      ["07400900777", "GB"],
      ["+33 6 12 34 56 78", "GB"],
      ["(212) 555-0123", "US"],
      ["+39 06 1234 5678", "GB"],
    ] as const) {
      const parsed = parsePhoneNumberFromString(raw, country)!;
      const mention = phoneMention(raw, country);
      const printed = [
        parsed.number,
        parsed.format("NATIONAL"),
        parsed.format("INTERNATIONAL"),
        parsed.format("RFC3966"),
        parsed.format("IDD", { fromCountry: "GB" }),
        parsed.format("IDD", { fromCountry: "US" }),
        parsed.number.slice(1),
      ];
      for (const form of printed)
        expect(redact(`call ${form} today`, mention), `${form} of ${raw}`).toMatch(/^call (tel:|\()?\[x\] today$/);
    }
  });

  it("allows any punctuation between the digits, and the (0) after the country code", () => {
    const mention = phoneMention("07400 900777");
    for (const form of [
      "07400-900-777",
      "07400.900.777",
      "(07400) 900 777",
      "0 7 4 0 0 9 0 0 7 7 7",
      "+44 (0) 7400 900777",
      "0044 7400 900777",
      "44 7400 900777",
      "07400\u00a0900\u2013777",
      "7400900777",
    ]) {
      expect(redact(`a ${form} b`, mention), form).toMatch(/^a \(?\[x\] b$/);
    }
  });

  it("leaves other numbers, and the number inside a longer run of digits", () => {
    const mention = phoneMention("+447400900777");
    expect(redact("07400900778, 107400900777, 074009007771, ref 900777", mention)).toBe(
      "07400900778, 107400900777, 074009007771, ref 900777",
    );
  });

  it("matches a number libphonenumber cannot read by its digits, and ignores short ones", () => {
    expect(redact("ring 12-34-56-78-9 now", phoneMention("123456789", "ZZ"))).toBe(
      "ring 12-34-56-78-9 now".replace("12-34-56-78-9", "[x]"),
    );
    expect(phoneMention("n/a")).toBeNull();
    expect(phoneMention("12345")).toBeNull();
  });
});

describe("nameMention", () => {
  const mention = nameMention("Harriet Quackenbush");

  it("matches the full name, title and surname, initial and surname, and Surname, First name", () => {
    for (const form of [
      "Harriet Quackenbush",
      "HARRIET  QUACKENBUSH",
      "Mrs Quackenbush",
      "mrs. quackenbush",
      "Ms Quackenbush",
      "Miss Quackenbush",
      "Mx Quackenbush",
      "Dr. Quackenbush",
      "Mr Quackenbush",
      "Mrs Harriet Quackenbush",
      "Mrs H. Quackenbush",
      "H. Quackenbush",
      "H.Quackenbush",
      "H Quackenbush",
      "Quackenbush, Harriet",
      "Quackenbush, H.",
    ]) {
      expect(redact(`(${form})`, mention), form).toBe("([x])");
    }
  });

  it("leaves the first name or the surname alone, and other people's names", () => {
    expect(
      redact(
        "Harriet covers Sunday; the Quackenbush order; Mrs Quackenbushes; J. Quackenbush; Harriet Keepwell",
        mention,
      ),
    ).toBe("Harriet covers Sunday; the Quackenbush order; Mrs Quackenbushes; J. Quackenbush; Harriet Keepwell");
  });

  it("takes every tail of the name as the surname, and any apostrophe or hyphen", () => {
    expect(redact("Mrs van der Berg, Mrs Berg, A. van der Berg", nameMention("Anna van der Berg"))).toBe(
      "[x], [x], [x]",
    );
    expect(redact("Mr O’Brien-Smith", nameMention("Sean O'Brien-Smith"))).toBe("[x]");
    expect(redact("Mrs É. Dupont and Élodie Dupont", nameMention("élodie dupont"))).toBe("[x] and [x]");
  });

  it("uses a one-letter surname only in the full name", () => {
    expect(redact("Hattie Q and Mrs Q", nameMention("Hattie Q"))).toBe("[x] and Mrs Q");
  });
});

describe("clientMentions", () => {
  it("redacts e-mails before names, so no part of an address is left", () => {
    const mentions = clientMentions({
      names: ["Harriet Quackenbush"],
      emails: ["h.quackenbush@old.example"],
      phones: ["07400900777"],
    });
    expect(redactMentions("H.Quackenbush@OLD.example, 07400 900 777, Mrs Quackenbush", mentions, "[x]")).toBe(
      "[x], [x], [x]",
    );
    expect(emailMention("ab")).toBeNull();
  });
});
