# Included by the scripts that cmake runs at build time (-P) to write a generated file.
# Writes `text` to `path` only when it differs from what the file holds, so that a build whose
# generated text is unchanged recompiles nothing.
function(vgdl_write_if_changed path text)
  set(old "")
  if(EXISTS "${path}")
    file(READ "${path}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${path}" "${text}")
  endif()
endfunction()
