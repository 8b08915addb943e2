// The console's only script: filters apply when chosen, a replay asks first, times read in the viewer's zone. Every page works without it.
document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('select[data-autosubmit]').forEach((select) =>
    select.addEventListener('change', () => select.form.submit()));
  // Times are written as UTC instants; a person reads them in their own zone (the instant stays as the tooltip).
  document.querySelectorAll('time[datetime]').forEach((time) => {
    const at = new Date(time.dateTime);
    if (!Number.isNaN(at.getTime())) {
      time.title = time.dateTime;
      time.textContent = at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    }
  });
  // An error page's way back returns to the form with what was typed; without history it leads to the overview.
  document.querySelectorAll('a[data-back]').forEach((link) =>
    link.addEventListener('click', (event) => {
      if (window.history.length > 1) {
        event.preventDefault();
        window.history.back();
      }
    }));
  document.querySelectorAll('form[data-confirm]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.dataset.confirm)) {
        event.preventDefault();
      }
    }));
});
