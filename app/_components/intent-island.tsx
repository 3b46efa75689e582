"use client";

import {
  type ComponentType,
  createElement,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * A part of a page that the server renders and whose code the browser fetches only when someone
 * reaches for it (docs/decisions/1385): a pointer over it, a press, focus or a key inside it, or
 * when the server renders it differently on a refresh. Until then the server's HTML stays as it
 * is (kept by `dangerouslySetInnerHTML`, so React neither hydrates nor touches it), and the page's
 * first load does not carry the part's code.
 *
 * When the code arrives the part is rendered by React in place of the server's HTML, and what the
 * person did meanwhile is carried over: text typed into its fields, which element had focus, and
 * a press (replayed on the same element), Enter in a field included. The markup is the same on
 * both sides (the same component renders it), so the swap is not seen.
 *
 * Unlike `island` (decision 1101), whose chunk is fetched at once, nothing is lost by a press
 * made before the code arrived; unlike a dehydrated Suspense boundary, a sleeping part never holds
 * up the page's refreshes (AutoRefresh) or other updates.
 */
export function intentIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: {
    /** The wrapping element: `span` inside phrasing content (a row of buttons), else `div`. */
    tag?: "div" | "span";
    /** Load at once for these props (a recording whose clock ticks). */
    eager?: (props: P) => boolean;
  } = {},
): ComponentType<P> {
  const tag = options.tag ?? "div";
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () => {
    loading ??= load().then((c) => {
      loaded = c;
      return c;
    });
    return loading;
  };
  // The server renders the real component (its code is server-side only there).
  const OnServer = lazy(async () => ({ default: await get() }));

  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module load, never during a render.
  return function IntentIsland(props: P) {
    // True while hydrating the server's HTML; false for a part mounted in the browser (a client-side
    // navigation, a row added by a refresh). Only the first render's value counts.
    const hydrating = useSyncExternalStore(
      never,
      () => false,
      () => true,
    );
    const [fromServer] = useState(hydrating);
    const [Live, setLive] = useState<ComponentType<P> | undefined>(() => loaded);
    const root = useRef<HTMLElement>(null);
    const carried = useRef<Carried | null>(null);
    const [first] = useState(() => JSON.stringify(props));
    const changed = JSON.stringify(props) !== first;
    const wantNow = !fromServer || changed || (options.eager?.(props) ?? false);

    // Asleep: wait for intent (or load now when the server's HTML cannot stand for the props).
    useEffect(() => {
      if (Live) return;
      const pending: Carried = { values: new Map(), focus: null, press: null, enter: null };
      carried.current = pending;
      // Between a press's pointerdown and its click the kept HTML must stay: swapped in between, the
      // press would land on two elements and make no click at all.
      let down = false;
      let ready: (() => void) | null = null;
      const wake = () =>
        void get()
          .then((c) => {
            ready = () => {
              if (root.current) noteFields(root.current, pending);
              setLive(() => c);
            };
            if (!down) ready();
          })
          .catch(() => {});
      const released = () => {
        down = false;
        ready?.();
      };
      if (wantNow) return wake();
      const el = root.current;
      if (!el) return;
      // Everything done to the kept HTML until React replaces it is noted, then replayed.
      const onIntent = () => wake();
      const onDown = () => {
        down = true;
        wake();
      };
      // After pointerup the click follows in the same task; the swap waits for it.
      const onUp = () => void setTimeout(released, 0);
      const onFocus = (e: Event) => {
        if (e.target instanceof Element) pending.focus = pathOf(el, e.target);
        wake();
      };
      const onBlur = (e: Event) => {
        const next = e instanceof FocusEvent ? e.relatedTarget : null;
        if (!(next instanceof Node && el.contains(next))) pending.focus = null;
      };
      const onInput = (e: Event) => {
        if (e.target instanceof Element) noteField(el, e.target, pending);
      };
      const onClick = (e: Event) => {
        // A press before the code: nothing native happens (no form submitted), it is replayed.
        e.preventDefault();
        if (e.target instanceof Element) pending.press = pathOf(el, e.target.closest(PRESSABLE) ?? e.target);
        wake();
        released();
      };
      const onKey = (e: Event) => {
        if (e instanceof KeyboardEvent && e.key === "Enter" && e.target instanceof Element) {
          e.preventDefault();
          pending.enter = pathOf(el, e.target);
        }
        wake();
      };
      const onSubmit = (e: Event) => e.preventDefault();
      const events: [string, (e: Event) => void][] = [
        ["pointerover", onIntent],
        ["pointerdown", onDown],
        ["touchstart", onIntent],
        ["focusin", onFocus],
        ["focusout", onBlur],
        ["input", onInput],
        ["change", onInput],
        ["keydown", onKey],
        ["click", onClick],
        ["submit", onSubmit],
      ];
      for (const [type, fn] of events) el.addEventListener(type, fn, { capture: true });
      // A press may end outside the part (dragged away): listened for on the document.
      document.addEventListener("pointerup", onUp, true);
      document.addEventListener("pointercancel", onUp, true);
      return () => {
        for (const [type, fn] of events) el.removeEventListener(type, fn, { capture: true });
        document.removeEventListener("pointerup", onUp, true);
        document.removeEventListener("pointercancel", onUp, true);
      };
    }, [Live, wantNow]);

    // Just rendered live in place of the server's HTML: carry over what was done meanwhile.
    useLayoutEffect(() => {
      if (!Live || !carried.current || !root.current) return;
      replay(root.current, carried.current);
      carried.current = null;
    }, [Live]);

    const style = { display: "contents" } as const;
    if (typeof window === "undefined") {
      return createElement(
        tag,
        { style, "data-island": "" },
        <Suspense fallback={null}>
          <OnServer {...props} />
        </Suspense>,
      );
    }
    if (Live) {
      return createElement(
        tag,
        { key: "live", ref: root, style, "data-island": "" },
        <Suspense fallback={null}>
          <Live {...props} />
        </Suspense>,
      );
    }
    // The server's HTML, left alone; or, mounted in the browser, empty until the code arrives.
    return createElement(tag, {
      key: "kept",
      ref: root,
      style,
      "data-island": "",
      ...(fromServer ? { dangerouslySetInnerHTML: { __html: "" }, suppressHydrationWarning: true } : {}),
    });
  };
}

const never = () => () => {};

/** What a press lands on: the control, not the icon or text inside it. */
const PRESSABLE = "button, a, input, label, select, textarea, summary";

/** Where an element is under `root`: child indexes, element by element. */
type Path = number[];

interface Carried {
  /** Fields whose value or check the person changed, by their path. */
  values: Map<string, { path: Path; value: string; checked: boolean }>;
  focus: Path | null;
  /** A press to replay. */
  press: Path | null;
  /** Enter pressed in this field. */
  enter: Path | null;
}

function pathOf(root: Element, el: Element): Path {
  const path: Path = [];
  let node: Element | null = el;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) break;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return path;
}

function at(root: Element, path: Path): Element | null {
  let node: Element | null = root;
  for (const i of path) node = node?.children[i] ?? null;
  return node;
}

/** Notes a field's value or check if the person changed it from the server's. */
function noteField(root: Element, field: Element, into: Carried) {
  let entry: { value: string; checked: boolean } | null = null;
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    if (field.checked !== field.defaultChecked) entry = { value: field.value, checked: field.checked };
  } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    if (field.value !== field.defaultValue) entry = { value: field.value, checked: false };
  } else if (field instanceof HTMLSelectElement) {
    entry = { value: field.value, checked: false };
  }
  const path = pathOf(root, field);
  if (entry) into.values.set(path.join("."), { path, ...entry });
}

/** Every field of the kept HTML, just before React replaces it (autofill changes fields silently). */
function noteFields(root: Element, into: Carried) {
  for (const field of Array.from(root.querySelectorAll("input, textarea, select")))
    noteField(root, field, into);
}

/** Sets a field as typing would, so React's own state follows (its value setter, then an input event). */
function setField(el: Element, value: string, checked: boolean) {
  if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
    if (el.checked !== checked) el.click();
    return;
  }
  const proto =
    el instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : el instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

function replay(root: HTMLElement, c: Carried) {
  for (const v of c.values.values()) {
    const el = at(root, v.path);
    if (el) setField(el, v.value, v.checked);
  }
  if (c.focus) {
    const el = at(root, c.focus);
    if (el instanceof HTMLElement) el.focus();
  }
  if (c.enter) {
    const el = at(root, c.enter);
    if (el) {
      const key = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
      // A field's own Enter handling first (a recipient chip); otherwise Enter submits its form.
      if (el.dispatchEvent(key) && el instanceof HTMLInputElement) el.form?.requestSubmit();
    }
  }
  if (c.press) {
    const el = at(root, c.press);
    if (el instanceof HTMLElement) el.click();
  }
}
