import { Link } from "@remix-run/react";

/** One active filter: what it reads as, and the page's address without it. */
export interface FilterChip {
  /** Unique among the chips, e.g. `country=CN`. */
  key: string;
  label: string;
  /** The current URL without this filter's value (and without `page`). */
  href: string;
}

/**
 * Active filters as links that remove themselves, and a link that clears them all: plain links,
 * so they work without JavaScript. The caller gives the words (`removeLabel` names a chip's
 * action for screen readers).
 */
export function FilterChips({
  chips,
  heading,
  clearAll,
  removeLabel,
}: {
  chips: FilterChip[];
  heading: string;
  clearAll: { href: string; label: string };
  removeLabel: (label: string) => string;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <h2 className="sr-only">{heading}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.href}
              aria-label={removeLabel(chip.label)}
              className="inline-flex items-center gap-1 rounded-full border border-orange-300 bg-orange-50 px-3 py-1 text-sm font-medium text-orange-900 hover:bg-orange-100"
              data-testid="filter-chip"
            >
              {chip.label}
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearAll.href} className="text-sm font-semibold text-orange-800 underline" data-testid="clear-filters">
        {clearAll.label}
      </Link>
    </div>
  );
}
