/** Shown whenever causes come from the device's mirror instead of the server. */
export function OfflineCausesNotice() {
  return (
    <p className="notice" role="status">
      offline — showing saved causes
    </p>
  );
}
