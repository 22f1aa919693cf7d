// The printouts' Print button (templates/print_base.html): shown only where this script
// runs, since without it the button could do nothing; the browser's own print works anyway.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
