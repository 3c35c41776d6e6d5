// The spam check of the booking form: the ALTCHA widget (a web component, served from this
// site; nothing is sent elsewhere) solves a small proof of work in the browser and puts the
// proof in the form as "altcha". It is loaded only here, after the page has hydrated, so the
// booking page's own JavaScript stays small. Without JavaScript there is no widget, and the
// booking is sent as a request the salon confirms.
import { useEffect, useState } from "react";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how JSX learns a custom element
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": {
        challenge?: string;
        name?: string;
        auto?: "off" | "onfocus" | "onload" | "onsubmit";
        "hide-logo"?: string;
        "hide-footer"?: string;
        hidelogo?: string;
        hidefooter?: string;
        configuration?: string;
        id?: string;
      };
    }
  }
}

let loading: Promise<void> | null = null;

function loadWidget(): Promise<void> {
  loading ??= import("./altcha.client").then((module) => module.registerAltcha());
  return loading;
}

export function ProofOfWork({ challengeUrl = "/api/public/challenge" }: { challengeUrl?: string }) {
  // "server" until React runs in the browser: the page as sent, which is what a browser
  // without JavaScript keeps (a <noscript> is not shown where scripting is merely switched off).
  const [state, setState] = useState<"server" | "loading" | "ready" | "failed">("server");
  useEffect(() => {
    let live = true;
    setState("loading");
    loadWidget().then(
      () => live && setState("ready"),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state === "server" || state === "failed")
    return (
      <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
        Without JavaScript your booking is sent as a request; the salon will confirm it.
      </p>
    );
  return (
    <div className="min-h-16">
      {state === "ready" ? (
        <altcha-widget
          challenge={challengeUrl}
          name="altcha"
          auto="onload"
          configuration={JSON.stringify({ hideFooter: true })}
        />
      ) : (
        <p className="text-sm text-slate-600">Preparing the spam check…</p>
      )}
    </div>
  );
}
