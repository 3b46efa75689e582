import { icon } from "@/app/_components/icons/svg";

/** Icons of actions and states: add, copy, close, alerts, arrows, spinners. */

export const IconPlus = /* @__PURE__ */ icon(<path d="M12 5v14M5 12h14" />);

export const IconLink = /* @__PURE__ */ icon(
  <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />,
);

export const IconExternal = /* @__PURE__ */ icon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v4.5A1.5 1.5 0 0 1 16.5 20h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />,
);

export const IconLogOut = /* @__PURE__ */ icon(
  <path d="M15 4h3.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H15M10 17l5-5-5-5M15 12H4" />,
);

export const IconArrowRight = /* @__PURE__ */ icon(<path d="M5 12h14M13 6l6 6-6 6" />);

export const IconChevronDown = /* @__PURE__ */ icon(<path d="m7 10 5 5 5-5" />);

export const IconSelector = /* @__PURE__ */ icon(<path d="m8 9 4-4 4 4M8 15l4 4 4-4" />);

export const IconMenu = /* @__PURE__ */ icon(<path d="M4 7h16M4 12h16M4 17h16" />);

export const IconSearch = /* @__PURE__ */ icon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4 4" />
  </>,
);

export const IconSparkle = /* @__PURE__ */ icon(
  <path d="M12 3.5 13.8 10 20.5 12l-6.7 2L12 20.5 10.2 14 3.5 12l6.7-2z" />,
);

export const IconMinus = /* @__PURE__ */ icon(<path d="M6 12h12" />);

export const IconDownload = /* @__PURE__ */ icon(<path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />);

export const IconSend = /* @__PURE__ */ icon(<path d="M20.5 3.5 10 14M20.5 3.5 14 20.5l-4-6.5-6.5-4z" />);

export const IconCircle = /* @__PURE__ */ icon(<circle cx="12" cy="12" r="8.5" />);

/** Light and dark halves: "follow the system" in the theme toggle. */
export const IconContrast = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5v17a8.5 8.5 0 0 0 0-17z" fill="currentColor" />
  </>,
);
