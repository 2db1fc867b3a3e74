// Types of scripts/i18n.mjs for the tests that import it.
import type PO from 'pofile';

export type Catalogs = Record<string, Record<string, PO | null>>;
export function readCatalogs(root?: string): Catalogs;
export function checkCatalogs(areas: Catalogs): string[];
export function compiledFiles(areas: Catalogs, root?: string): Record<string, string>;
export function compile(root?: string): string[];
export function importEntries(table: Record<string, Record<string, Record<string, string | boolean>>>, root?: string): void;
