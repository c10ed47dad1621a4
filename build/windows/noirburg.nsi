; Noirburg for Windows: a per-user installer (no administrator rights asked).
;
; Compiled by build/installers.py (`python3 tasks.py exe` on Windows; the release
; workflow), which passes:
;   /DVERSION=0.1.0  /DSRCDIR=<the PyInstaller folder Noirburg>  /DOUTFILE=<setup .exe>
;   /DICON=<assets/icons/noirburg.ico>  /DURL=<project home page>
; It compiles on Linux too (Debian's `nsis` package), which the tests do.
;
; Installs into %LOCALAPPDATA%\Programs\Noirburg, adds a Start-menu entry and an
; uninstaller listed under Settings > Apps (HKCU). Saves and settings live in the
; user data folder (%LOCALAPPDATA%\Noirburg), never here: uninstalling keeps them.

Unicode true
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION
  !error "pass /DVERSION=x.y.z"
!endif
!ifndef SRCDIR
  !error "pass /DSRCDIR=<the built Noirburg folder>"
!endif
!ifndef OUTFILE
  !define OUTFILE "noirburg-${VERSION}-windows-x86_64-setup.exe"
!endif
!ifndef URL
  !define URL "https://github.com/noirburg/noirburg"
!endif

!define APP "Noirburg"
!define EXE "Noirburg.exe"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP} ${VERSION}"

; the Details tab of the setup program's Properties (numbers only: x.y.z.0)
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=1033 "ProductName" "${APP}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP} ${VERSION} setup"
VIAddVersionKey /LANG=1033 "CompanyName" "The Noirburg developers"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Copyright (c) 2026 The Noirburg developers (MIT)"

!include "MUI2.nsh"
!include "FileFunc.nsh"

!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Turkish"

Section "Noirburg" SecMain
  SectionIn RO
  SetShellVarContext current
  ; a folder picked by hand gets its own Noirburg subfolder (the uninstaller removes
  ; only what it installed, then the folder if it is empty)
  StrCpy $0 "$INSTDIR" "" -9
  StrCmp $0 "\${APP}" +2
    StrCpy $INSTDIR "$INSTDIR\${APP}"
  SetOutPath "$INSTDIR"
  ; an older version's libraries go first: nothing stale is left beside the new ones
  RMDir /r "$INSTDIR\_internal"
  File /r "${SRCDIR}\*.*"
  WriteUninstaller "$INSTDIR\Uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0

  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "The Noirburg developers"
  WriteRegStr HKCU "${UNINST_KEY}" "URLInfoAbout" "${URL}"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\Uninstall.exe"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\Uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APP}.lnk"
  ; the program folder only: saves and settings (%LOCALAPPDATA%\Noirburg) stay
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\LICENSE"
  Delete "$INSTDIR\THIRD_PARTY_NOTICES.md"
  Delete "$INSTDIR\Uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINST_KEY}"
SectionEnd
