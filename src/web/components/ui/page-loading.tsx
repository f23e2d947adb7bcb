/** Shown while a page's code loads; announced politely to screen readers. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading-dot" />
      <span className="page-loading-dot" />
      <span className="page-loading-dot" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
