// The console's only script: filters apply when chosen, a replay asks first. Every page works without it.
document.addEventListener('DOMContentLoaded', () => {
  document.querySelectorAll('select[data-autosubmit]').forEach((select) =>
    select.addEventListener('change', () => select.form.submit()));
  document.querySelectorAll('form[data-confirm]').forEach((form) =>
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.dataset.confirm)) {
        event.preventDefault();
      }
    }));
});
