/** Shown while a page's code arrives; silent for screen readers until it takes long. */
export function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span className="loading loading-spinner loading-lg text-primary" />
    </div>
  );
}
