"use client";

import type { ReactNode } from "react";
import { NativeSelect } from "./native-select";

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  /** The select's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, value "" (no filter); left out when there is always a value (a sort order). */
  allLabel?: string;
  options: readonly FilterOption[];
  /** Options between the "all" one and `options`, e.g. a URL value the list does not know. */
  children?: ReactNode;
  className?: string;
}

/** A small select for a list's filter bar: full width on phones, as wide as its options otherwise. */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
  children,
  className = "w-full sm:w-auto",
}: FilterSelectProps) {
  return (
    <NativeSelect
      size="sm"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    >
      {allLabel === undefined ? null : <option value="">{allLabel}</option>}
      {children}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}
